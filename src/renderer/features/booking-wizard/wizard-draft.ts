import { atom, type SetStateAction } from 'jotai';
import { atomWithStorage, createJSONStorage, RESET } from 'jotai/utils';
import type { EventChoice } from '@shared/wizard';
import { DRAFT_STORAGE_KEY } from './draft-storage-key';

export type WizardStep = 1 | 2 | 3;

/** Step 1 as typed: participants stay text so that an emptied field is not turned into 0. */
export interface EventDraft extends EventChoice {
  participants: string;
  /** 'yyyy-MM-dd', a calendar day (DESIGN.md §3). */
  date: string;
}

/**
 * One chosen catalogue item on one day. Only the reference is kept: names and prices are read
 * from the catalogue query when shown or sent (CONVENTIONS.md 8, no server data in atoms).
 */
export interface DraftLine {
  /** 'temp_…' until the server stores it (SPEC.md §3). */
  id: string;
  kind: 'activity' | 'service';
  catalogId: string;
  scheduledDate: string;
}

export const CUSTOMER_TYPES = ['individual', 'company'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
export const TITLES = ['M', 'Mme', 'Mlle'] as const;
export type Title = (typeof TITLES)[number];

/** Step 3 without the passwords, which never reach session storage. */
export interface AccountDraft {
  customerType: CustomerType;
  title: Title | '';
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: { street: string; postalCode: string; city: string };
  notes: string;
  acceptTerms: boolean;
}

export interface WizardDraft {
  step: WizardStep;
  event: EventDraft;
  lines: DraftLine[];
  /** Days the user asked for; the event also spans every day that holds an item. */
  dayCount: number;
  account: AccountDraft;
}

export const EMPTY_EVENT: EventDraft = {
  bookingType: '',
  eventSubType: '',
  forMe: false,
  organizationName: '',
  companyName: '',
  companyEventType: '',
  participants: '',
  date: '',
};

export const EMPTY_ACCOUNT: AccountDraft = {
  customerType: 'individual',
  title: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: { street: '', postalCode: '', city: '' },
  notes: '',
  acceptTerms: false,
};

export const EMPTY_DRAFT: WizardDraft = { step: 1, event: EMPTY_EVENT, lines: [], dayCount: 1, account: EMPTY_ACCOUNT };

export { DRAFT_STORAGE_KEY };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isDraftLine(value: unknown): value is DraftLine {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    (value.kind === 'activity' || value.kind === 'service') &&
    typeof value.catalogId === 'string' &&
    typeof value.scheduledDate === 'string'
  );
}

/**
 * A stored draft may come from an older version of the page or be edited by hand: keep what
 * has the right shape, fall back to the empty value for the rest, and never throw.
 */
export function sanitizeDraft(stored: unknown): WizardDraft {
  if (!isRecord(stored)) return EMPTY_DRAFT;
  const event = isRecord(stored.event) ? stored.event : {};
  const account = isRecord(stored.account) ? stored.account : {};
  const address = isRecord(account.address) ? account.address : {};
  const text = <T extends object>(source: Record<string, unknown>, fallback: T) =>
    Object.fromEntries(
      Object.entries(fallback).map(([key, value]) => [key, typeof source[key] === typeof value ? source[key] : value]),
    ) as T;
  const step = stored.step === 2 || stored.step === 3 ? stored.step : 1;
  const dayCount = typeof stored.dayCount === 'number' && stored.dayCount >= 1 ? Math.floor(stored.dayCount) : 1;
  return {
    step,
    event: text(event, EMPTY_EVENT),
    lines: Array.isArray(stored.lines) ? stored.lines.filter(isDraftLine) : [],
    dayCount,
    account: { ...text(account, EMPTY_ACCOUNT), address: text(address, EMPTY_ACCOUNT.address) },
  };
}

// No session storage when step 1 is pre-rendered at build time (Node): the empty draft then.
const jsonStorage = createJSONStorage<WizardDraft>(() =>
  typeof sessionStorage === 'undefined' ? (undefined as unknown as Storage) : sessionStorage,
);
const draftStorage: typeof jsonStorage = {
  ...jsonStorage,
  getItem: (key, initialValue) => {
    const stored: unknown = jsonStorage.getItem(key, initialValue);
    return stored === initialValue ? initialValue : sanitizeDraft(stored);
  },
};

/**
 * The whole wizard, kept in session storage so that a reload does not lose it and
 * read on first render (getOnInit) so that a reload does not flash step 1.
 */
export const wizardDraftAtom = atomWithStorage<WizardDraft>(DRAFT_STORAGE_KEY, EMPTY_DRAFT, draftStorage, {
  getOnInit: true,
});

/** Clears the draft and its stored copy (after success or on 'Annuler'). */
export const resetDraftAtom = atom(null, (_get, set) => set(wizardDraftAtom, RESET));

function draftPart<K extends keyof WizardDraft>(key: K) {
  return atom(
    (get) => get(wizardDraftAtom)[key],
    (get, set, update: SetStateAction<WizardDraft[K]>) => {
      const draft = get(wizardDraftAtom);
      const next =
        typeof update === 'function' ? (update as (previous: WizardDraft[K]) => WizardDraft[K])(draft[key]) : update;
      set(wizardDraftAtom, { ...draft, [key]: next });
    },
  );
}

export const stepAtom = draftPart('step');
export const eventAtom = draftPart('event');
export const linesAtom = draftPart('lines');
export const dayCountAtom = draftPart('dayCount');
export const accountAtom = draftPart('account');

export function newLineId(): string {
  return `temp_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
