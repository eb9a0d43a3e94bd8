// The fields a visitor types into a lead form. Their rules and choice lists
// are the server's, generated into lib/api-contracts.
import { leadForm } from '@/lib/api-contracts';
import type { LeadFormRules } from '@/lib/api-types';

/** The name of a field, as POST /api/contact names it. */
export type LeadField = keyof LeadFormRules;

/** The fields of a lead, in the order the forms show them. */
export const leadFields = Object.keys(leadForm) as LeadField[];

export type Lead = Record<LeadField, string>;
export type LeadErrors = Partial<Record<LeadField | 'consent', string>>;
