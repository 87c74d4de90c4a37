import '@shared/zod-config';
import { z } from 'zod';
import { trimInvisible } from '@shared/validation';

/** Contact form of SPEC.md §2/§5: four required fields (blank or invisible characters only: missing), a valid e-mail. */
export const contactFormSchema = z.object({
  name: z.string().overwrite(trimInvisible).min(1, 'Le nom est requis'),
  email: z.string().trim().min(1, "L'email est requis").pipe(z.email("Format d'email invalide")),
  subject: z.string().overwrite(trimInvisible).min(1, 'Le sujet est requis'),
  message: z.string().overwrite(trimInvisible).min(1, 'Le message est requis'),
});
export type ContactForm = z.infer<typeof contactFormSchema>;
