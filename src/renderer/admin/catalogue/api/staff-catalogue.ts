import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffCatalogueCalls } from '@shared/api/staff-catalogue.contract';
import type { CatalogueItemBody, CatalogueItemUpdateBody, StaffCatalogueItem } from '@shared/api/staff.schema';
import { callApi } from '@renderer/shared/api/call-api';
import { queryKeys } from '@renderer/shared/api/query-keys';
import { staffQueryKeys } from '@renderer/shared/api/staff-query-keys';
import { staffApi } from '@renderer/admin/session/staff-client';

/** The back-office's catalogue, one resource: list, create or update an item, upload its picture. */
export type CatalogueKind = 'activities' | 'services';

const catalogueKey = (kind: CatalogueKind) => staffQueryKeys.catalogue(kind);

export async function getStaffCatalogue(kind: CatalogueKind) {
  return (await callApi(staffApi, staffCatalogueCalls.list, { params: { kind } })).data;
}

export const staffCatalogueQueryOptions = (kind: CatalogueKind) =>
  queryOptions({ queryKey: catalogueKey(kind), queryFn: () => getStaffCatalogue(kind) });

export function useStaffCatalogue(kind: CatalogueKind) {
  return useQuery(staffCatalogueQueryOptions(kind));
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

/** A new item (`id` null) or an update of one. */
export async function saveCatalogueItem(
  kind: CatalogueKind,
  { id, body }: { id: string | null; body: CatalogueItemBody | CatalogueItemUpdateBody },
) {
  return id
    ? callApi(staffApi, staffCatalogueCalls.update, { params: { kind, id }, body })
    : callApi(staffApi, staffCatalogueCalls.create, { params: { kind }, body: body as CatalogueItemBody });
}

export function useSaveCatalogueItem(kind: CatalogueKind) {
  const refresh = useRefreshCatalogue(kind);
  return useMutation({
    mutationFn: (input: { id: string | null; body: CatalogueItemBody | CatalogueItemUpdateBody }) =>
      saveCatalogueItem(kind, input),
    onSuccess: ({ data }) => refresh(data),
  });
}

/** POST …/{id}/picture: multipart, one `file` field; the server checks the content and re-encodes it. */
export async function uploadCataloguePicture(kind: CatalogueKind, id: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return callApi(staffApi, staffCatalogueCalls.picture, { params: { kind, id } }, { data: form });
}

export function useUploadPicture(kind: CatalogueKind, id: string) {
  const refresh = useRefreshCatalogue(kind);
  return useMutation({
    mutationFn: (file: File) => uploadCataloguePicture(kind, id, file),
    onSuccess: ({ data }) => refresh(data),
  });
}
