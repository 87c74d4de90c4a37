import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffCatalogueCalls } from '@shared/api/staff-catalogue.contract';
import type { CatalogueItemBody, CatalogueItemUpdateBody, StaffCatalogueItem } from '@shared/api/staff.schema';
import { callApi } from '../../../shared/api/call-api';
import { staffApi } from '../session/staff-client';
import { queryKeys } from '../../../shared/api/query-keys';

export type CatalogueKind = 'activities' | 'services';

const catalogueKey = (kind: CatalogueKind) => queryKeys.staff.catalogue(kind);

export function useStaffCatalogue(kind: CatalogueKind) {
  return useQuery({
    queryKey: catalogueKey(kind),
    queryFn: async () => (await callApi(staffApi, staffCatalogueCalls.list, { params: { kind } })).data,
  });
}

/** After a write: the list here, and the public pages' catalogue (home, wizard) when next shown. */
function useRefreshCatalogue(kind: CatalogueKind) {
  const queryClient = useQueryClient();
  return (item: StaffCatalogueItem) => {
    queryClient.setQueryData<StaffCatalogueItem[]>(catalogueKey(kind), (items) =>
      items
        ? items.some((entry) => entry._id === item._id)
          ? items.map((entry) => (entry._id === item._id ? item : entry))
          : [...items, item]
        : items,
    );
    void queryClient.invalidateQueries({ queryKey: catalogueKey(kind) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.public.all });
  };
}

export function useSaveCatalogueItem(kind: CatalogueKind) {
  const refresh = useRefreshCatalogue(kind);
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CatalogueItemBody | CatalogueItemUpdateBody }) =>
      id
        ? callApi(staffApi, staffCatalogueCalls.update, { params: { kind, id }, body })
        : callApi(staffApi, staffCatalogueCalls.create, { params: { kind }, body: body as CatalogueItemBody }),
    onSuccess: ({ data }) => refresh(data),
  });
}

/** POST …/{id}/picture: multipart, one `file` field; the server checks the content and re-encodes it. */
export function useUploadPicture(kind: CatalogueKind, id: string) {
  const refresh = useRefreshCatalogue(kind);
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return callApi(staffApi, staffCatalogueCalls.picture, { params: { kind, id } }, { data: form });
    },
    onSuccess: ({ data }) => refresh(data),
  });
}
