// Every page of built-in copy, in the order the Content tab lists them.
import { aboutContent } from './about';
import { journeyContent } from './ai-journey';
import { blogContent } from './blog';
import { careersContent } from './careers';
import { factsContent } from './facts';
import { caseStudiesContent } from './case-studies';
import { homeContent } from './home';
import { legalPages } from './legal';
import { notFoundContent } from './not-found';
import type { ContentPage } from './registry';
import { servicePages } from './services';
import { sharedContent } from './shared';
import { solutionPages } from './solutions';

export const contentPages: ContentPage[] = [
  sharedContent,
  factsContent,
  homeContent,
  ...solutionPages,
  ...servicePages,
  journeyContent,
  aboutContent,
  caseStudiesContent,
  blogContent,
  careersContent,
  ...legalPages,
  notFoundContent,
];
