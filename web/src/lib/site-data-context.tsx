import { createContext, useContext } from 'react';
import { companyName, emptySiteData, type SiteData } from '@/lib/site-data';

const SiteDataContext = createContext<SiteData>(emptySiteData);

export const SiteDataProvider = SiteDataContext.Provider;

export function useSiteData(): SiteData {
  return useContext(SiteDataContext);
}

/** An editable text from the database, or the built-in copy when none is stored. */
export function useContentText(section: string, key: string, fallback: string): string {
  const { content } = useSiteData();
  const value = content[section]?.[key];
  return value !== undefined && value !== '' ? value : fallback;
}

/** The company name, as the footer and titles show it. */
export function useCompanyName(): string {
  return companyName(useSiteData());
}
