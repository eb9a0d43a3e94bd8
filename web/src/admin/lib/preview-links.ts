// Preview links: a page as it is saved, published or not, for a reviewer
// without an account, until the link expires or is revoked.
import type { PreviewLink, PreviewLinkURL } from '@/lib/api-types';
import { adminData, adminRequest, useLoaded, useWrite } from './admin-api';

const linksURL = (pageId: number) => `/api/admin/pages/${pageId}/previews`;

/** How long a new link works: the choices offered, in days. */
export const previewDays = [
  { value: '1', label: '1 day' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
];

export function usePreviewLinks(pageId: number) {
  return useLoaded<PreviewLink[]>(linksURL(pageId), 'Failed to fetch preview links');
}

export function useCreatePreviewLink(pageId: number) {
  return useWrite(linksURL(pageId), (days: number) => adminData<PreviewLinkURL>('POST', linksURL(pageId), { body: { days } }));
}

export function useRevokePreviewLink(pageId: number) {
  return useWrite(linksURL(pageId), (id: number) => adminRequest('DELETE', `/api/admin/previews/${id}`));
}
