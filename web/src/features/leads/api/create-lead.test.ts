import { describe, expect, it } from 'vitest';
import { checkConsent, checkLead, consentVersion } from '@/features/leads/api/create-lead';
import { journeyInterests, landingInterests } from '@/lib/api-contracts';

const valid = {
  firstName: ' Ada ',
  lastName: 'Lovelace',
  email: 'ada@engines.com',
  company: 'Analytical Engines',
  jobTitle: 'cto',
  aiSolutionInterest: 'ai-automation',
  projectDetails: '',
};

describe('checkLead', () => {
  it('accepts a complete lead and trims its values', () => {
    const res = checkLead(valid, landingInterests);
    expect(res).toEqual({ ok: true, lead: { ...valid, firstName: 'Ada' } });
  });

  it('names every missing required field', () => {
    const res = checkLead({ ...valid, firstName: '  ', lastName: '', email: '', company: '' }, landingInterests);
    expect(res).toEqual({
      ok: false,
      errors: {
        firstName: 'First name is required',
        lastName: 'Last name is required',
        email: 'Business email is required',
        company: 'Company name is required',
      },
    });
  });

  it('rejects an address that is not an email', () => {
    const res = checkLead({ ...valid, email: 'ada-at-engines' }, landingInterests);
    expect(res).toEqual({ ok: false, errors: { email: 'Enter a valid email address' } });
  });

  it('accepts only the interests of the form at hand', () => {
    expect(checkLead({ ...valid, aiSolutionInterest: 'document-processing' }, journeyInterests).ok).toBe(true);
    expect(checkLead({ ...valid, aiSolutionInterest: 'document-processing' }, landingInterests)).toEqual({
      ok: false,
      errors: { aiSolutionInterest: 'Choose an AI solution from the list' },
    });
  });

  it('refuses an address longer than the server takes, with its message', () => {
    const res = checkLead({ ...valid, email: `${'a'.repeat(250)}@x.com` }, landingInterests);
    expect(res).toEqual({ ok: false, errors: { email: 'Enter a valid email address' } });
  });

  it('keeps to the server limits', () => {
    const res = checkLead({ ...valid, firstName: 'a'.repeat(101), jobTitle: 'pilot', projectDetails: 'x'.repeat(5001) }, landingInterests);
    expect(res).toEqual({
      ok: false,
      errors: {
        firstName: 'First name must be at most 100 characters.',
        jobTitle: 'Choose a job title from the list',
        projectDetails: 'Project details must be at most 5000 characters.',
      },
    });
  });
});

describe('consent', () => {
  it('is required: an unticked box has no wording', () => {
    expect(checkConsent('')).toEqual({ consent: 'Tick the box to agree to the privacy policy.' });
    expect(checkConsent('I agree.')).toEqual({});
  });

  it('has the version the server makes: the first 16 hex digits of the SHA-256 of the wording', async () => {
    // sha256("I agree.") = 826ff0dab649a97f...; the server's ConsentVersionOf makes the same.
    expect(await consentVersion('I agree.')).toBe('826ff0dab649a97f');
    expect(await consentVersion('I agree!')).not.toBe(await consentVersion('I agree.'));
    expect(await consentVersion('')).toBeUndefined();
  });
});
