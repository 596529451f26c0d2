import { z } from 'zod';
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
  phone: optionalText(40).refine((value) => value === null || /^[+()\d\s-]{8,20}$/.test(value), V.phone),
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
