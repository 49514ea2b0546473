import { useState } from 'react';
import { useForm } from '@mantine/form';
import { suggestionCreateBody } from '../../../../common/schemas/sources';
import { domainOf, normalizeUserUrl } from '../../../../common/url';
import { toastError } from '../../../components/toasts';
import { documentErrors, serverFieldErrors } from '../../../lib/form';
import { useSuggestOutlet, type SuggestResult } from '../api/suggestions';

const suggestionDocument = (url: string) => ({ data: { type: 'website_suggestion' as const, attributes: { url } } });

/** The domain a person typed ("www.gamestar.de/news" → "gamestar.de"), for the progress line. */
function domainOfInput(text: string): string {
  const url = normalizeUserUrl(text.trim());
  return url ? domainOf(url) : text.trim();
}

/**
 * "Suggest an outlet": the address field (checked with the server's schema), the request
 * (discovery runs in it, up to ~25 s) and its answer; a 422's message shows under the field.
 */
export function useSuggestForm() {
  const suggest = useSuggestOutlet();
  const [result, setResult] = useState<SuggestResult | null>(null);
  const [asked, setAsked] = useState('');
  const form = useForm({
    initialValues: { url: '' },
    validate: (v) => ({ url: documentErrors(suggestionCreateBody, suggestionDocument(v.url)).url }),
  });

  async function submit(values: { url: string }) {
    setAsked(domainOfInput(values.url));
    try {
      setResult(await suggest.mutateAsync(values.url));
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (fields.url) form.setFieldError('url', fields.url);
      else toastError(err);
    }
  }

  function again() {
    setResult(null);
    suggest.reset();
    form.reset();
  }

  return { form, onSubmit: form.onSubmit(submit), looking: suggest.isPending, asked, result, again };
}
