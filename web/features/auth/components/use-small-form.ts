import { useState, type ChangeEvent, type FormEvent } from 'react';

/**
 * The few parts of @mantine/form's useForm the login page uses — values, per-field errors (cleared
 * as the field changes), `getInputProps`, `onSubmit` with a `submitting` flag — without its 6.5 KB
 * (brotli) chunk on the page that must load lightest of all after the public report.
 */
export function useSmallForm<V extends Record<string, string>>(initialValues: V) {
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  return {
    values,
    submitting,
    setErrors: (next: Partial<Record<keyof V, string>>) => setErrors(next),
    getInputProps: (field: keyof V) => ({
      value: values[field],
      error: errors[field],
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        const value = e.currentTarget.value;
        setValues((v) => ({ ...v, [field]: value }));
        setErrors((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));
      },
    }),
    onSubmit: (handler: (values: V) => unknown) => (e: FormEvent) => {
      e.preventDefault();
      const result = handler(values);
      if (result instanceof Promise) {
        setSubmitting(true);
        void result.finally(() => setSubmitting(false));
      }
    },
  };
}
