import { z } from 'zod';
import { PAYMENT_TYPES, STAFF_MESSAGES, type PaymentConfigBody, type PaymentType } from '@shared/api/staff.schema';
import { eurosToCents } from '@shared/money';

/** Which fields each payment type asks for (SPEC.md §9's five types). */
export const NEEDS_AMOUNT: readonly PaymentType[] = ['deposit_check', 'deposit_card'];
export const NEEDS_PERCENTAGE: readonly PaymentType[] = ['partial_payment_card'];

/** A French decimal typed in a text box: '1 234,50' → 1234.5; '' → undefined. */
export function parseEuroInput(value: string): number | undefined {
  const cleaned = value.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (cleaned === '') return undefined;
  return /^\d+(\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/**
 * The form's own values are strings (inputs); the rules and messages are those of the server's
 * paymentConfigBody (STAFF_MESSAGES), checked here before anything is sent. The card deposit's
 * ceiling is the park's setting; unknown (not loaded), only the server checks it.
 */
export const paymentConfigFormSchema = (cardDepositMaxEuros?: number) =>
  z
    .object({
      type: z.string(),
      totalAmount: z.string(),
      amount: z.string(),
      percentage: z.string(),
      /** datetime-local value, Paris wall clock. */
      dueDate: z.string(),
      instructions: z.string().max(2000, 'Les instructions ne peuvent pas dépasser 2000 caractères'),
    })
    .superRefine((values, context) => {
      const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
      const type = values.type as PaymentType;
      if (!(PAYMENT_TYPES as readonly string[]).includes(values.type)) issue('type', STAFF_MESSAGES.paymentConfigType);
      const total = parseEuroInput(values.totalAmount);
      if (total === undefined || Number.isNaN(total) || total <= 0 || total > 1_000_000) {
        issue('totalAmount', STAFF_MESSAGES.paymentConfigTotal);
      }
      if (NEEDS_AMOUNT.includes(type)) {
        const amount = parseEuroInput(values.amount);
        if (amount === undefined || Number.isNaN(amount) || amount <= 0)
          issue('amount', STAFF_MESSAGES.paymentConfigAmount);
        else if (type === 'deposit_card') {
          // Beyond the total is allowed, up to the park's ceiling (docs/decisions.md, "Card deposit ceiling").
          if (cardDepositMaxEuros !== undefined && eurosToCents(amount) > cardDepositMaxEuros * 100)
            issue('amount', STAFF_MESSAGES.paymentConfigCardDepositTooHigh(cardDepositMaxEuros));
        } else if (total !== undefined && !Number.isNaN(total) && amount > total) {
          issue('amount', STAFF_MESSAGES.paymentConfigAmountTooHigh);
        }
      }
      if (NEEDS_PERCENTAGE.includes(type)) {
        const percentage = Number(values.percentage.trim());
        if (!/^\d+$/.test(values.percentage.trim()) || percentage < 1 || percentage > 100) {
          issue('percentage', STAFF_MESSAGES.paymentConfigPercentage);
        }
      }
      if (values.dueDate) {
        const due = new Date(values.dueDate);
        if (Number.isNaN(due.getTime()) || due.getTime() <= Date.now())
          issue('dueDate', STAFF_MESSAGES.paymentConfigDueDate);
      } else {
        issue('dueDate', STAFF_MESSAGES.paymentConfigDueDate);
      }
    });
export type PaymentConfigFormValues = z.infer<ReturnType<typeof paymentConfigFormSchema>>;

/** A Date as the value of an <input type="datetime-local"> in the device's clock. */
export function toDateTimeLocal(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The PUT body: only the fields the type uses, the due date as an ISO instant. */
export function toPaymentConfigBody(values: PaymentConfigFormValues): PaymentConfigBody {
  const type = values.type as PaymentType;
  return {
    type,
    totalAmount: parseEuroInput(values.totalAmount),
    amount: NEEDS_AMOUNT.includes(type) ? parseEuroInput(values.amount) : null,
    percentage: NEEDS_PERCENTAGE.includes(type) ? Number(values.percentage) : null,
    dueDate: new Date(values.dueDate).toISOString(),
    instructions: values.instructions.trim(),
  };
}
