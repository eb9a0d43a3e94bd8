import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { maxPassword } from './lib/users';

type PasswordFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  /** A new password by default, which the browser may offer to make up and keep. */
  autoComplete?: 'new-password' | 'current-password';
};

/** A required password: its label, the masked field and its hint or error, which the field names as its description. */
export function PasswordField({ id, label, value, onChange, error, hint, autoComplete = 'new-password' }: PasswordFieldProps) {
  return (
    <FormField id={id} label={label} required error={error} hint={hint}>
      <Input
        id={id}
        type="password"
        autoComplete={autoComplete}
        maxLength={maxPassword}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={!!error || undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
      />
    </FormField>
  );
}
