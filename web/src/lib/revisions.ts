// How a history reads, in the admin portal's History and the in-place
// editor's history of a text alike.
import type { RevisionAction } from './api-types';

/** The action of a revision as a person reads it. */
export const revisionActionLabels: Record<RevisionAction, string> = {
  create: 'Created',
  update: 'Updated',
  publish: 'Published',
  delete: 'Deleted',
  restore: 'Restored',
};

/** The colour of each action's badge. */
export const revisionActionVariants = {
  create: 'info',
  update: 'muted',
  publish: 'success',
  delete: 'danger',
  restore: 'accent',
} as const satisfies Record<RevisionAction, string>;
