import { createContext, useContext } from 'react';
import { companyName, emptySiteData, type SiteData } from '@/lib/site-data';

const SiteDataContext = createContext<SiteData>(emptySiteData);

export const SiteDataProvider = SiteDataContext.Provider;

export function useSiteData(): SiteData {
  return useContext(SiteDataContext);
}

/** The company name, as the footer and titles show it. */
export function useCompanyName(): string {
  return companyName(useSiteData());
}
