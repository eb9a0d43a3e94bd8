// Copy of the Case studies page and of a study's page, one object per
// section (see registry.ts): the labels of the studies, the featured study,
// the index of the others, a withdrawn study's address and the track record.
import { studyLabels, withdrawnStudyTitle } from './record-pages';
import type { ContentPage } from './registry';
import type { HeroContent, Statistic } from './types';

const hero: HeroContent = {
  eyebrow: 'Case studies',
  title: 'Results our clients can measure',
  lead: 'Six recent engagements across industries: the problem, what we built, and the numbers our clients report.',
};

// The studies themselves are records (the admin's Case studies section,
// site.CaseStudy); the labels every study shows are texts of this section.
const studies = { labels: studyLabels };

/** The lead study of /case-studies, then the index of the others. */
const featured = { eyebrow: 'Featured study', link: 'Read the full story' };
const index = {
  eyebrow: 'Every engagement',
  title: 'More results, industry by industry',
  description: 'Each study tells the problem, what we built and the numbers the client reports.',
};

/** The address of a study that has been withdrawn (410). */
const withdrawn = {
  title: withdrawnStudyTitle,
  text: 'The client’s story has been withdrawn. These are the studies we show today.',
};

const trackRecord = {
  eyebrow: 'Across every engagement',
  title: 'Our track record',
  items: [
    { id: 'total-client-savings', fact: 'total-savings', label: 'Total client savings' },
    { id: 'average-roi', fact: 'average-roi', label: 'Average ROI' },
    { id: 'projects-delivered', fact: 'projects-delivered', label: 'Projects delivered' },
    { id: 'average-implementation', fact: 'implementation-time', label: 'Average implementation' },
  ] satisfies Statistic[],
};

const cta = { title: 'Your results could be next', text: 'Tell us about your challenge. We will share the case closest to yours in a free consultation.' };

export const caseStudiesPage = { hero, studies, featured, index, withdrawn, trackRecord, cta };

export const caseStudiesContent: ContentPage = {
  paths: ['/case-studies'],
  name: 'Case studies',
  sections: {
    'case-studies.hero': caseStudiesPage.hero,
    'case-studies.studies': caseStudiesPage.studies,
    'case-studies.featured': caseStudiesPage.featured,
    'case-studies.index': caseStudiesPage.index,
    'case-studies.withdrawn': caseStudiesPage.withdrawn,
    'case-studies.track-record': caseStudiesPage.trackRecord,
    'case-studies.cta': caseStudiesPage.cta,
  },
};
