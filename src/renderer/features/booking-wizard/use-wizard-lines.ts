import { useAtomValue } from 'jotai';
import { useEffect, useMemo } from 'react';
import type { CatalogueItem } from '@shared/api/catalogue.schema';
import { lineTotal } from '@shared/pricing';
import { useCatalogue } from '@renderer/shared/api/catalogue';
import { CATALOGUE_ERROR } from '@renderer/shared/ui/catalogue-card';
import { notify } from '@renderer/shared/ui/toaster';
import { linesAtom, type DraftLine } from './wizard-draft';

export interface WizardCatalogue {
  activities: CatalogueItem[];
  services: CatalogueItem[];
  isLoading: boolean;
  isError: boolean;
}

/**
 * The two catalogue lists of step 2. On failure the lists are emptied and one toast says so
 * (SPEC.md §8); the toast id keeps the two failing calls from showing it twice.
 */
export function useWizardCatalogue(): WizardCatalogue {
  const activities = useCatalogue('activities');
  const services = useCatalogue('services');
  const isError = activities.isError || services.isError;
  useEffect(() => {
    if (isError) notify.error(CATALOGUE_ERROR, { id: 'wizard-catalogue-error' });
  }, [isError]);
  return {
    activities: isError ? [] : (activities.data ?? []),
    services: isError ? [] : (services.data ?? []),
    isLoading: activities.isPending || services.isPending,
    isError,
  };
}

/** A chosen line with its catalogue item and its price for the event's participants. */
export interface WizardLine extends DraftLine {
  item: CatalogueItem;
  total: number;
}

/**
 * The draft's lines joined with the catalogue. A line whose item left the catalogue (or that
 * cannot be read while the catalogue fails) is not shown, not counted and not sent.
 */
export function useWizardLines(participants: number) {
  const catalogue = useWizardCatalogue();
  const draftLines = useAtomValue(linesAtom);
  const lines = useMemo(() => {
    const byId = new Map<string, CatalogueItem>();
    for (const item of catalogue.activities) byId.set(`activity:${item._id}`, item);
    for (const item of catalogue.services) byId.set(`service:${item._id}`, item);
    return draftLines.flatMap((line): WizardLine[] => {
      const item = byId.get(`${line.kind}:${line.catalogId}`);
      return item ? [{ ...line, item, total: lineTotal({ pricing: item.pricing, participants }) }] : [];
    });
  }, [catalogue.activities, catalogue.services, draftLines, participants]);
  return { catalogue, lines };
}
