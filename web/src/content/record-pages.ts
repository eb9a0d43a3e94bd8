// What the pages of records need before the page's own code arrives: the
// labels every case study shows (its card stands on the home page), and the
// titles of the address of a record that is gone, which the address's meta
// needs. Their sections' copy (careers.ts, case-studies.ts) takes them from
// here, so that a first visit does not carry the whole of that copy.

/** The labels every case study shows, texts of the section `case-studies.studies`. */
export const studyLabels = {
  roi: 'ROI',
  timeline: 'Timeline',
  challenge: 'Challenge',
  solution: 'Solution',
  results: 'Results',
  read: 'Read the study',
  technologies: 'Technologies',
  team: 'The team',
  quote: 'In their words',
  related: 'More case studies',
  back: 'All case studies',
  client: 'Client',
};

/** The title of the address of a position that has closed. */
export const closedPositionTitle = 'This position has closed';

/** The title of the address of a case study that has been withdrawn. */
export const withdrawnStudyTitle = 'This case study is no longer published';
