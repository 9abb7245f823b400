/** Zod schemas for the account forms, with Spanish messages. Used in the browser and in actions. */
import { z } from "./zod";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** The server's answer to a password on the list of the 10,000 most used ones (server/accounts/passwords.server.ts). */
/** Shown under every new-password field: the two rules the server applies, and no others. */
export const PASSWORD_HINT = "Mínimo 8 caracteres, y que no sea una de las contraseñas más usadas.";
export const PASSWORD_TOO_COMMON = "Esa contraseña es una de las 10.000 más usadas y se adivina fácilmente. Elige otra.";

const text = (v: unknown) => (typeof v === "string" ? v.trim() : v);

export const emailField = z.preprocess(
  text,
  z
    .string({ error: "El email es obligatorio" })
    .min(1, "El email es obligatorio")
    .max(254, "El email es demasiado largo (máximo 254 caracteres)")
    .pipe(z.email("Ingresa un email válido")),
);

const passwordRequired = z
  .string({ error: "La contraseña es obligatoria" })
  .min(1, "La contraseña es obligatoria")
  .max(PASSWORD_MAX, `La contraseña es demasiado larga (máximo ${PASSWORD_MAX} caracteres)`);

// An empty password says only that it is missing (not also that it is too short).
const newPasswordField = z
  .string({ error: "La contraseña es obligatoria" })
  .min(1, { error: "La contraseña es obligatoria", abort: true })
  .min(PASSWORD_MIN, `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres`)
  .max(PASSWORD_MAX, `La contraseña es demasiado larga (máximo ${PASSWORD_MAX} caracteres)`);

const fullNameField = z.preprocess(
  text,
  z
    .string({ error: "El nombre completo es obligatorio" })
    .min(1, "El nombre completo es obligatorio")
    .max(100, "El nombre es demasiado largo (máximo 100 caracteres)")
    .refine((v) => !/[\u0000-\u001f\u007f<>]/.test(v), "El nombre contiene caracteres no permitidos"),
);

export const loginSchema = z.object({
  email: emailField,
  password: passwordRequired,
});

export const signupSchema = z.object({
  full_name: fullNameField,
  email: emailField,
  password: newPasswordField,
});

export const profileSchema = z.object({
  full_name: fullNameField,
  email: emailField,
});

export const forgotPasswordSchema = z.object({ email: emailField });

/** /profile's password change: the current password, then the new one twice. */
export const changePasswordSchema = z
  .object({
    current_password: passwordRequired,
    new_password: newPasswordField,
    confirm: z.string().max(PASSWORD_MAX),
  })
  .refine((v) => v.new_password === v.confirm, { path: ["confirm"], message: "Las contraseñas no coinciden" });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, "El enlace no es válido o ya expiró").max(500),
    password: newPasswordField,
    confirm: z.string().max(PASSWORD_MAX),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "Las contraseñas no coinciden" });
