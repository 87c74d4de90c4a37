import { useEffect, useState } from 'react';
import { formatFrenchPhone } from '@shared/phone-display';

type FormatPhone = (phone: string) => string;

/** libphonenumber-js's `formatPhone`, once a number needed it. */
let loadedFormat: FormatPhone | undefined;

/**
 * A stored phone as it is shown (docs/decisions.md, "Phone numbers"). French numbers are
 * formatted at once, without libphonenumber-js; another number shows as stored until the library
 * has loaded (it stays out of the public pages' first render, docs/decisions.md, "Performance").
 */
export function useFormattedPhone(phone: string): string;
export function useFormattedPhone(phone: string | undefined): string | undefined;
export function useFormattedPhone(phone: string | undefined): string | undefined {
  const quick = phone === undefined ? undefined : formatFrenchPhone(phone);
  const [format, setFormat] = useState<FormatPhone | undefined>(() => loadedFormat);
  const needsLibrary = phone !== undefined && quick === undefined && !format;
  useEffect(() => {
    if (!needsLibrary) return;
    let live = true;
    void import('@shared/phone').then(({ formatPhone }) => {
      loadedFormat = formatPhone;
      if (live) setFormat(() => formatPhone);
    });
    return () => {
      live = false;
    };
  }, [needsLibrary]);
  if (phone === undefined) return undefined;
  return quick ?? (format ? format(phone) : phone);
}

/**
 * A stored phone as a form field shows it at first (the profile, the join form): a French number in
 * its national form, '06 12 34 56 78', which the server normalises again on save; another as stored.
 */
export function phoneFieldValue(phone: string | null | undefined): string {
  if (!phone) return '';
  return formatFrenchPhone(phone) ?? phone;
}
