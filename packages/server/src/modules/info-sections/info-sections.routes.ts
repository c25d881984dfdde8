import { infoSectionsV3 as c } from '@merx/contract';
import type { AnyRoute } from '../../http/route.js';
import { catalogEntityRoutes } from '../ribbons-brands/named-entities.routes.js';
import type { InfoSectionsService } from './info-sections.service.js';

/**
 * The routes of `@wix/stores` `infoSectionsV3` (docs/decisions/0024-info-sections.md). Reads are public (a storefront
 * shows info sections); writes need `catalog:write`. Query answers GET (`.r` envelope or plain parameters) and POST
 * (the package GETs and falls back to POST); count is POST.
 */
export function infoSectionRoutes(service: InfoSectionsService): AnyRoute[] {
  const r = catalogEntityRoutes(
    { one: 'infoSection', many: 'infoSections', path: 'info-sections', tag: 'Info sections v3' },
    c,
  );
  return [
    r.create('Create an info section', c.createRequest, (i, who) => service.create(i.infoSection, who)),
    r.query('Query info sections (cursor paging; filter on id, uniqueName, title and the dates)', c.queryRequest, (i) =>
      service.query(i.query, i.fields),
    ),
    r.count('Count info sections matching a filter', c.countRequest, (i) => service.count(i.filter)),
    r.getOrCreate('Get an info section by id or unique name (any case), or create it', c.getOrCreateRequest, (i, who) =>
      service.getOrCreate(i.infoSection, i.fields, who),
    ),
    r.get('Get an info section', c.getRequest, (id, i) => service.get(id, i.fields)),
    r.update('Update an info section (compare-and-set on its revision)', c.updateRequest, (id, i, who) =>
      service.update(id, i.infoSection.revision, i.infoSection, i.fields, who),
    ),
    r.delete('Delete an info section', (id, who) => service.delete(id, who)),
    r.bulk('create', 'Create info sections (a result per item)', c.bulkCreateRequest, c.bulkResponse, (i, who) =>
      service.bulkCreate(i.infoSections, i.returnEntity ?? false, who),
    ),
    r.bulk(
      'update',
      'Update info sections (compare-and-set on each revision, a field mask each; a result per item)',
      c.bulkUpdateRequest,
      c.bulkResponse,
      (i, who) => service.bulkUpdate(i.infoSections, i.returnEntity ?? false, i.fields, who),
    ),
    r.bulk(
      'get-or-create',
      'Get or create info sections by id or unique name (a result per item)',
      c.bulkGetOrCreateRequest,
      c.bulkResponse,
      (i, who) => service.bulkGetOrCreate(i.infoSections, i.fields, who),
    ),
    r.bulk('delete', 'Delete info sections (a result per id)', c.bulkDeleteRequest, c.bulkDeleteResponse, (i, who) =>
      service.bulkDelete(i.infoSectionIds, who),
    ),
  ];
}
