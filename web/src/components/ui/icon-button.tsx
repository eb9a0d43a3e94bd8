import type { LucideIcon } from 'lucide-react';
import { AdminButton } from './admin-button';
import { WithTooltip } from './tooltip';

type IconButtonProps = {
  icon: LucideIcon;
  /** The short hint shown on hover and focus. */
  tip: string;
  /** What the button does, to what, for screen readers ("Edit Home"). */
  label: string;
  onClick: () => void;
  disabled?: boolean;
  /** It deletes or ends something: drawn in the danger colour. */
  danger?: boolean;
};

/** A square outline button of a row of records, with its icon alone and a tooltip. */
export function IconButton({ icon: Icon, tip, label, onClick, disabled, danger }: IconButtonProps) {
  return (
    <WithTooltip label={tip}>
      <AdminButton
        variant="outline"
        size="icon"
        className={danger ? 'text-danger hover:bg-danger-soft hover:text-danger' : undefined}
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
      >
        <Icon aria-hidden="true" />
      </AdminButton>
    </WithTooltip>
  );
}
