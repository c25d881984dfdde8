import { customizationsV3 as c } from '@merx/contract';
import type { AnyRoute } from '../../http/route.js';
import { catalogEntityRoutes } from '../ribbons-brands/named-entities.routes.js';
import type { CustomizationsService } from './customizations.service.js';

/**
 * The routes of `@wix/stores` `customizationsV3` (docs/decisions/0025-customizations.md). Reads are public (a
 * storefront shows options and modifiers); writes need `catalog:write`. Query answers GET (`.r` envelope or plain
 * parameters) and POST (the package GETs and falls back to POST); count is POST.
 */
export function customizationRoutes(service: CustomizationsService): AnyRoute[] {
  const r = catalogEntityRoutes(
    { one: 'customization', many: 'customizations', path: 'customizations', tag: 'Customizations v3' },
    c,
  );
  return [
    r.create('Create a customization (an option or a modifier)', c.createRequest, (i, who) =>
      service.create(i.customization, who),
    ),
    r.query(
      'Query customizations (cursor paging; filter on id, name, type, render type and the dates)',
      c.queryRequest,
      (i) => service.query(i.query, i.fields),
    ),
    r.count('Count customizations matching a filter', c.countRequest, (i) => service.count(i.filter)),
    r.get('Get a customization', c.getRequest, (id, i) => service.get(id, i.fields)),
    r.update('Update a customization (compare-and-set on its revision)', c.updateRequest, (id, i, who) =>
      service.update(id, i.customization, i.fields, who),
    ),
    r.delete('Delete a customization', (id, who) => service.delete(id, who)),
    r.action('add-choices', 'Add choices to a customization', c.addChoicesRequest, (id, i, who) =>
      service.addChoices(id, i.choices, i.fields, who),
    ),
    r.action('set-choices', 'Replace the choices of a customization', c.setChoicesRequest, (id, i, who) =>
      service.setChoices(id, i.choices, i.fields, who),
    ),
    r.action('remove-choices', 'Remove choices from a customization', c.removeChoicesRequest, (id, i, who) =>
      service.removeChoices(id, i.choiceIds, i.revision, i.fields, who),
    ),
    r.action(
      'update-choices',
      'Update choices of a customization (compare-and-set on its revision)',
      c.updateChoicesRequest,
      (id, i, who) => service.updateChoices(id, i.revision, i.choices, i.fields, who),
    ),
    r.action(
      'reorder-choices',
      'Reorder the choices of a customization (compare-and-set on its revision)',
      c.reorderChoicesRequest,
      (id, i, who) => service.reorderChoices(id, i.revision, i.choiceIds, i.fields, who),
    ),
    r.bulk('create', 'Create customizations (a result per item)', c.bulkCreateRequest, c.bulkResponse, async (i, who) =>
      renamed(await service.bulkCreate(i.customizations, i.returnEntity ?? false, who)),
    ),
    r.bulk(
      'update',
      'Update customizations (compare-and-set on each revision, a field mask each; a result per item)',
      c.bulkUpdateRequest,
      c.bulkResponse,
      async (i, who) => renamed(await service.bulkUpdate(i.customizations, i.returnEntity ?? false, i.fields, who)),
    ),
    r.bulk(
      'add-choices',
      'Add choices to customizations (a result per item)',
      c.bulkAddChoicesRequest,
      c.bulkResponse,
      async (i, who) =>
        renamed(await service.bulkAddChoices(i.customizationsChoices, i.returnEntity ?? false, i.fields, who)),
    ),
  ];
}

/** The package reads a bulk item's entity as `customization`, not the machinery's `item`. */
function renamed(answer: {
  results: Array<{ itemMetadata: unknown; item?: Record<string, unknown> }>;
  bulkActionMetadata: unknown;
}) {
  return {
    ...answer,
    results: answer.results.map(({ item, ...rest }) => (item ? { ...rest, customization: item } : rest)),
  };
}
