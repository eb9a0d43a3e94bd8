import { QueryClient } from '@tanstack/react-query';

/** The query client of edit mode on the public site: the edit bar's and the image pickers'. */
export const editQueryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
