import { z } from 'zod';
import { isValidPhone, normalizePhone } from './phones.ts';
import { V } from './validation.ts';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, V.max)
    .transform((value) => value || null)
    .nullish()
    .transform((value) => value ?? null);

export const EstablishmentInput = z.object({
  name: z.string().trim().min(1, V.establishmentNameRequired).max(120, V.max),
  description: optionalText(1000),
  address: optionalText(300),
  // A studio's number: Brazilian unless written with its own +code; stored in E.164.
  phone: optionalText(40)
    .refine((value) => value === null || isValidPhone(value), V.phone)
    .transform((value) => value && (normalizePhone(value) ?? value)),
  email: optionalText(254).refine((value) => value === null || z.email().safeParse(value).success, V.email),
});
export type EstablishmentInput = z.input<typeof EstablishmentInput>;

export const Establishment = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  createdAt: z.string(),
});
export type Establishment = z.infer<typeof Establishment>;
