import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { JobOfferFormProps } from './job-offer-form';

const Form = lazy(async () => ({ default: (await import('./job-offer-form')).JobOfferForm }));

/**
 * The create / edit form, loaded when first opened: with its pickers (multi-select, company combobox, tags) it
 * would otherwise weigh on the first page every signed-in person loads (DESIGN section 6, decision 122).
 */
export function LazyJobOfferForm(props: JobOfferFormProps) {
  return (
    <Suspense fallback={<Skeleton height={220} radius="md" />}>
      <Form {...props} />
    </Suspense>
  );
}
