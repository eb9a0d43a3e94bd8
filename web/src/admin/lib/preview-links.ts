// Preview links: a page as it is saved, published or not, for a reviewer
// without an account, until the link expires or is revoked.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PreviewLink, PreviewLinkURL } from '@/lib/api-types';
import { adminData, adminRequest, loadOr } from './admin-api';

const linksURL = (pageId: number) => `/api/admin/pages/${pageId}/previews`;

/** How long a new link works: the choices offered, in days. */
export const previewDays = [
  { value: '1', label: '1 day' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
];

export function usePreviewLinks(pageId: number) {
  return useQuery({
    queryKey: [linksURL(pageId)],
    queryFn: async () => (await loadOr<{ data: PreviewLink[] }>(linksURL(pageId), 'Failed to fetch preview links')).data,
  });
}

export function useCreatePreviewLink(pageId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (days: number) => adminData<PreviewLinkURL>('POST', linksURL(pageId), { body: { days } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [linksURL(pageId)] }),
  });
}

export function useRevokePreviewLink(pageId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminRequest('DELETE', `/api/admin/previews/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: [linksURL(pageId)] }),
  });
}
