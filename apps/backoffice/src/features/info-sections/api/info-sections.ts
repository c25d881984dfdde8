import type { InfoSectionV3, RichContent } from '@merx/contract';
import type { QueryResult } from '@merx/sdk';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Admin, admin } from '../../../lib/admin';
import { queryClient } from '../../../lib/query-client';

export const PAGE_SIZE = 50;
export const LIMITS = { uniqueName: 100, title: 50 } as const;

export interface ListView {
  q: string;
  sort: string;
}

export const SORTS = [
  { value: '', label: 'Unique name A–Z', field: 'uniqueName', order: 'ASC' },
  { value: 'title', label: 'Title A–Z', field: 'title', order: 'ASC' },
  { value: 'updated', label: 'Last updated', field: 'updatedDate', order: 'DESC' },
  { value: 'created', label: 'Newest', field: 'createdDate', order: 'DESC' },
] as const;

/** An info section as the pages show it: its description is the node model. */
export interface InfoSection {
  id: string;
  revision: string;
  uniqueName: string;
  title: string;
  description: RichContent;
  updatedDate: string;
  products: number;
}

const shown = (s: InfoSectionV3): InfoSection => ({
  id: s.id,
  revision: s.revision,
  uniqueName: s.uniqueName,
  title: s.title,
  description: (s.description as RichContent | null | undefined) ?? { nodes: [] },
  updatedDate: s.updatedDate,
  products: s.assignedProductsCount ?? 0,
});

type InfoSectionPatch = Parameters<Admin['infoSections']['updateInfoSection']>[1];

const COUNT = { fields: ['ASSIGNED_PRODUCTS_COUNT' as const] };

export interface ListPage {
  items: InfoSection[];
  hasNext: boolean;
  result: QueryResult<InfoSectionV3>;
}

async function firstPage(view: ListView): Promise<QueryResult<InfoSectionV3>> {
  const sections = (await admin()).infoSections;
  const sort = SORTS.find((s) => s.value === view.sort) ?? SORTS[0];
  const term = view.q.trim();
  let query = sections.queryInfoSections(COUNT);
  if (term) {
    query = sections
      .queryInfoSections(COUNT)
      .contains('uniqueName', term)
      .or(sections.queryInfoSections(COUNT).contains('title', term));
  }
  query = sort.order === 'ASC' ? query.ascending(sort.field) : query.descending(sort.field);
  return query.limit(PAGE_SIZE).find();
}

/** Page `page` (from 1) of the info sections; a later page follows the earlier ones (cursor paging). */
export const listQuery = (view: ListView, page: number) =>
  queryOptions({
    queryKey: ['info-sections', 'list', view, page],
    queryFn: async (): Promise<ListPage> => {
      const result =
        page <= 1
          ? await firstPage(view)
          : await (await queryClient.ensureQueryData(listQuery(view, page - 1))).result.next();
      return { items: result.items.map(shown), hasNext: result.hasNext(), result };
    },
    placeholderData: keepPreviousData,
    structuralSharing: false,
  });

export const useInfoSectionList = (view: ListView, page: number) => useQuery(listQuery(view, page));

export const infoSectionQuery = (id: string) =>
  queryOptions({
    queryKey: ['info-sections', 'one', id],
    queryFn: async (): Promise<InfoSection> => shown(await (await admin()).infoSections.getInfoSection(id, COUNT)),
    staleTime: 0,
  });

export const useInfoSection = (id: string | undefined) =>
  useQuery({ ...infoSectionQuery(id ?? ''), enabled: Boolean(id) });

function useWrite<In, Out>(fn: (a: Admin, input: In) => Promise<Out>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: In) => fn(await admin(), input),
    onSettled: () => void client.invalidateQueries({ queryKey: ['info-sections', 'list'] }),
  });
}

export const useCreateInfoSection = () =>
  useWrite(async (a, input: { uniqueName: string; title: string; description: RichContent }) =>
    shown(await a.infoSections.createInfoSection(input)),
  );

export const useUpdateInfoSection = () =>
  useWrite(async (a, { id, patch }: { id: string; patch: InfoSectionPatch }) =>
    shown(await a.infoSections.updateInfoSection(id, patch, COUNT)),
  );

export const useDeleteInfoSection = () =>
  useWrite(async (a, id: string) => {
    await a.infoSections.deleteInfoSection(id);
  });
