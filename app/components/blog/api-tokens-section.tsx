import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Icon } from "~/components/icons/icon";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ConfirmDeleteButton, ConfirmStep } from "~/components/confirm-delete";
import { showToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { useSchemaForm } from "~/lib/conform";
import { formatDate, formatDateTime } from "~/lib/format";
import { apiTokenSchema, TOKEN_NAME_MAX } from "~/schemas/blog";

export type ApiTokenRow = { id: string; name: string; prefix: string; created_at: string; last_used_at: string | null };
export type NewApiToken = { id: string; name: string; token: string; prefix: string };
export type RevokeConfirm = { id: string; name: string };

// Without JavaScript the answer to the first POST opens at the tokens section, where its
// confirmation step is (a POST's answer cannot be scrolled to otherwise).
const TOKENS_ACTION = "/profile#tokens";

/**
 * /profile: tokens of the writing API. Created with a name and shown in full once; listed by
 * prefix only; revoked after a confirmation. The forms post to /profile with an `intent`.
 */
export function ApiTokensSection({
  tokens,
  newToken,
  lastResult,
  confirmRevoke,
}: {
  tokens: ApiTokenRow[];
  newToken?: NewApiToken | null;
  lastResult?: SubmissionResult<string[]> | null;
  /** The token whose revocation the action asks to confirm (an unconfirmed POST, without JavaScript). */
  confirmRevoke?: RevokeConfirm | null;
}) {
  const navigation = useNavigation();
  const creating = navigation.state === "submitting" && navigation.formData?.get("intent") === "create-token";
  const [form, fields] = useSchemaForm(apiTokenSchema, { id: "api-token", lastResult });
  return (
    <Card className="scroll-mt-20 p-6" id="tokens">
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <Icon name="key-round" aria-hidden className="size-5 text-ocean-600" /> Tokens de la API de escritura
      </h2>
      <p className="mt-1 text-sm text-muted">
        Con un token, tu asistente de IA puede crear artículos a tu nombre mediante{" "}
        <code className="rounded bg-ocean-50 px-1">POST /api/blogs</code>.{" "}
        <Link to="/write-blog" className="font-semibold text-ocean-700 underline">
          Ver documentación
        </Link>
      </p>

      {newToken ? <NewTokenBox token={newToken} /> : null}

      {confirmRevoke ? (
        <div className="mt-5">
          <ConfirmStep
            action={TOKENS_ACTION}
            hidden={{ intent: "revoke-token", id: confirmRevoke.id }}
            confirmLabel="Sí, revocar"
            title={REVOKE_TITLE}
            description={revokeDescription(confirmRevoke.name)}
            cancelTo="/profile#tokens"
          />
        </div>
      ) : null}

      <Form method="post" {...getFormProps(form)} className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-start">
        <input type="hidden" name="intent" value="create-token" />
        <div className="flex-1">
          <Field
            label="Nombre del token"
            {...getInputProps(fields.name, { type: "text" })}
            maxLength={TOKEN_NAME_MAX}
            placeholder="Por ejemplo: Mi asistente de IA"
            required
            errors={fields.name.errors}
            autoComplete="off"
          />
        </div>
        <Button type="submit" disabled={creating} className="sm:mt-7">
          {creating ? "Procesando..." : "Crear token"}
        </Button>
      </Form>

      {tokens.length ? (
        <ul className="mt-6 divide-y divide-ocean-100 rounded-xl border border-ocean-100" aria-label="Tokens activos">
          {tokens.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="font-semibold wrap-anywhere">{t.name}</p>
                <p className="mt-0.5 text-sm text-muted">
                  <code className="rounded bg-ocean-50 px-1.5 py-0.5 text-ocean-800">{t.prefix}…</code> · creado el{" "}
                  {formatDate(t.created_at)} · {t.last_used_at ? `último uso ${formatDateTime(t.last_used_at)}` : "sin usar"}
                </p>
              </div>
              <RevokeToken id={t.id} name={t.name} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 rounded-xl bg-ocean-50 px-4 py-3 text-sm text-muted">Aún no has creado tokens.</p>
      )}
    </Card>
  );
}

function NewTokenBox({ token }: { token: NewApiToken }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(token.token);
      setCopied(true);
      showToast({ type: "success", title: "Token copiado" });
    } catch {
      showToast({ type: "info", title: "Selecciona el token y cópialo manualmente" });
    }
  }
  return (
    <div className="mt-5 rounded-xl border border-sun-300 bg-sun-100 p-4" role="status">
      <p className="font-semibold text-ocean-950">Token «{token.name}» creado</p>
      <p className="mt-1 text-sm text-sun-700">Cópialo ahora: por seguridad no se volverá a mostrar.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <code
          data-testid="new-token"
          className="min-w-0 flex-1 rounded-lg bg-white px-3 py-2.5 font-mono text-sm break-all text-ink select-all"
        >
          {token.token}
        </code>
        <Button variant="outline" onClick={copy}>
          {copied ? <Icon name="check" aria-hidden className="size-4" /> : <Icon name="copy" aria-hidden className="size-4" />}{" "}
          {copied ? "Copiado" : "Copiar"}
        </Button>
      </div>
    </div>
  );
}

const REVOKE_TITLE = "¿Revocar este token?";
const revokeDescription = (name: string) =>
  `«${name}» dejará de funcionar de inmediato. Las integraciones que lo usen recibirán un error 401.`;

/** Revoking asks first, with or without JavaScript (docs/decisions/046). */
function RevokeToken({ id, name }: { id: string; name: string }) {
  return (
    <ConfirmDeleteButton
      action={TOKENS_ACTION}
      hidden={{ intent: "revoke-token", id }}
      variant="ghost-danger"
      label="Revocar"
      accessibleLabel={`Revocar el token ${name}`}
      pendingLabel="Procesando..."
      confirmLabel="Sí, revocar"
      title={REVOKE_TITLE}
      description={revokeDescription(name)}
    />
  );
}
