// Settings → Security → Two-factor sign-in: turning it on (the password, then a QR code and the setup key for the
// authenticator app, the recovery codes shown once, and a code from the app to confirm; only then is it on),
// turning it off (not offered while the account requires it), and new recovery codes. Each step that changes it
// asks for the password again.
import { type FormEvent, type ReactNode, type Ref, useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "../../components/button";
import { CopyButton } from "../../components/copy-button";
import { inputClass, labelClass } from "../../components/form-field";
import { QrCode } from "../../components/qr-code";
import { showToast } from "../../components/toaster";
import { downloadBlob } from "../../components/use-export";
import { describeError } from "../../lib/api-client";
import { setupKeyOf, type TwoFactorSetup } from "../../lib/auth-client";
import { useConfirmTwoFactor, useNewRecoveryCodes, useStartTwoFactor, useTurnOffTwoFactor } from "./queries";

const card = "rounded-lg border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900";
const muted = "text-sm text-slate-600 dark:text-slate-400";

type Step =
  | { kind: "idle" }
  | { kind: "password"; purpose: "on" | "off" | "codes" }
  | { kind: "setup"; setup: TwoFactorSetup }
  | { kind: "codes"; codes: string[] };

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to read and type; apps ignore the spaces. */
const grouped = (key: string) => key.match(/.{1,4}/g)?.join(" ") ?? key;

export function TwoFactorSection({ enabled, required }: { enabled: boolean; required: boolean }) {
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const statusRef = useRef<HTMLParagraphElement>(null);
  const done = () => {
    setStep({ kind: "idle" });
    // Back to the section's state line, so that keyboard and screen reader users hear where they are.
    requestAnimationFrame(() => statusRef.current?.focus());
  };

  return (
    <section id="two-factor" aria-labelledby="two-factor-heading" className={card}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="two-factor-heading" className="text-base font-semibold">
          Two-factor sign-in
        </h2>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${
            enabled
              ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
              : "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200"
          }`}
        >
          {enabled ? "On" : "Off"}
        </span>
      </div>
      <p ref={statusRef} tabIndex={-1} className={`mt-1 ${muted} focus:outline-none`}>
        {enabled
          ? "Signing in asks for a code from your authenticator app after your password, or one of your recovery codes."
          : "Signing in asks only for your password. With two-factor sign-in, it also asks for a code from an authenticator app on your phone, so that a stolen password is not enough."}
      </p>

      {step.kind === "idle" ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {enabled ? (
            <>
              <button
                type="button"
                className={buttonClass("secondary")}
                onClick={() => setStep({ kind: "password", purpose: "codes" })}
              >
                New recovery codes
              </button>
              {/* The service refuses it while the account requires two-factor (it would only lock them out). */}
              {required ? (
                <p className={`${muted} basis-full`}>
                  This account requires two-factor sign-in, so it stays on. An owner can stop requiring it in
                  Settings → Sign-in.
                </p>
              ) : (
                <button
                  type="button"
                  className={buttonClass("danger-outline")}
                  onClick={() => setStep({ kind: "password", purpose: "off" })}
                >
                  Turn off two-factor sign-in
                </button>
              )}
            </>
          ) : (
            <button
              type="button"
              className={buttonClass("primary")}
              onClick={() => setStep({ kind: "password", purpose: "on" })}
            >
              Turn on two-factor sign-in
            </button>
          )}
        </div>
      ) : null}

      {step.kind === "password" ? (
        <PasswordStep
          purpose={step.purpose}
          onCancel={done}
          onStarted={(setup) => setStep({ kind: "setup", setup })}
          onCodes={(codes) => setStep({ kind: "codes", codes })}
          onTurnedOff={() => {
            showToast({
              kind: "success",
              title: "Two-factor sign-in is off",
              message: "Signing in asks for your password only.",
            });
            done();
          }}
        />
      ) : null}

      {step.kind === "setup" ? (
        <SetupStep
          setup={step.setup}
          onCancel={done}
          onConfirmed={() => {
            showToast({
              kind: "success",
              title: "Two-factor sign-in is on",
              message: "Signing in now asks for a code from your app.",
            });
            done();
          }}
        />
      ) : null}

      {step.kind === "codes" ? (
        <div className="mt-4 space-y-3">
          <RecoveryCodes codes={step.codes} heading="Your new recovery codes" autoFocus />
          <p className={muted}>Your old recovery codes no longer work.</p>
          <button type="button" className={buttonClass("primary")} onClick={done}>
            I have kept them
          </button>
        </div>
      ) : null}
    </section>
  );
}

const PASSWORD_WORDS = {
  on: { hint: "First, your password, to show that it is you.", submit: "Continue" },
  off: {
    hint: "Your password, to show that it is you. Signing in will ask for your password only.",
    submit: "Turn off two-factor sign-in",
  },
  codes: {
    hint: "Your password, to show that it is you. New codes replace the ones you have, which stop working.",
    submit: "Make new recovery codes",
  },
} as const;

function PasswordStep({
  purpose,
  onCancel,
  onStarted,
  onCodes,
  onTurnedOff,
}: {
  purpose: "on" | "off" | "codes";
  onCancel: () => void;
  onStarted: (setup: TwoFactorSetup) => void;
  onCodes: (codes: string[]) => void;
  onTurnedOff: () => void;
}) {
  const start = useStartTwoFactor();
  const turnOff = useTurnOffTwoFactor();
  const codes = useNewRecoveryCodes();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = { password: useId(), hint: useId(), error: useId() };
  const pending = start.isPending || turnOff.isPending || codes.isPending;
  const words = PASSWORD_WORDS[purpose];
  useEffect(() => inputRef.current?.focus(), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (password === "") {
      setError("Enter your password.");
      inputRef.current?.focus();
      return;
    }
    setError(null);
    const failed = (caught: unknown) => {
      setError(describeError(caught));
      inputRef.current?.focus();
    };
    if (purpose === "on") start.mutate(password, { onSuccess: onStarted, onError: failed });
    else if (purpose === "codes") codes.mutate(password, { onSuccess: onCodes, onError: failed });
    else turnOff.mutate(password, { onSuccess: onTurnedOff, onError: failed });
  };

  return (
    <form onSubmit={onSubmit} className="mt-4 space-y-3" noValidate>
      <div>
        <label htmlFor={ids.password} className={labelClass}>
          Your password
        </label>
        <input
          ref={inputRef}
          id={ids.password}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
          aria-invalid={error !== null}
          className={`${inputClass} mt-1 sm:max-w-sm`}
        />
        <p id={ids.hint} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {words.hint}
        </p>
      </div>
      {error ? (
        <p id={ids.error} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className={buttonClass(purpose === "off" ? "danger" : "primary")}
          disabled={pending}
        >
          {pending ? "Checking…" : words.submit}
        </button>
        <button type="button" className={buttonClass("secondary")} onClick={onCancel} disabled={pending}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function SetupStep({
  setup,
  onCancel,
  onConfirmed,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onConfirmed: () => void;
}) {
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const ids = { key: useId(), code: useId(), hint: useId(), error: useId() };
  const key = setupKeyOf(setup.totpUri);
  useEffect(() => headingRef.current?.focus(), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s+/g, "");
    if (!/^\d{6}$/.test(digits)) {
      setError("Enter the 6 digits your app shows for Boxtrack.");
      codeRef.current?.focus();
      return;
    }
    setError(null);
    confirm.mutate(digits, {
      onSuccess: onConfirmed,
      onError: (caught) => {
        setError(describeError(caught));
        codeRef.current?.focus();
      },
    });
  };

  return (
    <div className="mt-4 space-y-5">
      <Step number={1} title="Add Boxtrack to your authenticator app" headingRef={headingRef}>
        <p className={muted}>
          Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator,
          1Password or Aegis).
        </p>
        <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start">
          <QrCode
            text={setup.totpUri}
            label="QR code for setting up Boxtrack in your authenticator app"
            className="h-44 w-44 shrink-0 rounded border border-slate-200 dark:border-slate-700"
          />
          <div className="min-w-0 flex-1">
            <label htmlFor={ids.key} className={labelClass}>
              Setup key
            </label>
            <p id={`${ids.key}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
              Cannot scan the code? Type this key into the app instead.
            </p>
            {/* A read-only text area: the whole key wraps where a line would cut it off (52 characters). */}
            <textarea
              id={ids.key}
              readOnly
              rows={3}
              value={grouped(key)}
              aria-describedby={`${ids.key}-hint`}
              spellCheck={false}
              onFocus={(event) => event.target.select()}
              className={`${inputClass} mt-1 resize-none font-mono field-sizing-content sm:max-w-md`}
            />
            <div className="mt-2">
              <CopyButton text={key} what="the setup key" className="px-2 py-1 text-xs" />
            </div>
            <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
              Time-based, 6 digits, every 30 seconds (the apps' usual settings).
            </p>
          </div>
        </div>
      </Step>

      <Step number={2} title="Keep your recovery codes">
        <RecoveryCodes codes={setup.recoveryCodes} />
      </Step>

      <Step number={3} title="Enter the code from the app">
        <form onSubmit={onSubmit} className="space-y-3" noValidate>
          <div>
            <label htmlFor={ids.code} className={labelClass}>
              6-digit code
            </label>
            <input
              ref={codeRef}
              id={ids.code}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              spellCheck={false}
              aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
              aria-invalid={error !== null}
              className={`${inputClass} mt-1 max-w-40 font-mono tracking-widest`}
            />
            <p id={ids.hint} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              Two-factor sign-in is on only once the app's code is accepted.
            </p>
          </div>
          {error ? (
            <p id={ids.error} role="alert" className="text-sm text-red-700 dark:text-red-300">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonClass("primary")} disabled={confirm.isPending}>
              {confirm.isPending ? "Checking…" : "Confirm and turn on"}
            </button>
            <button
              type="button"
              className={buttonClass("secondary")}
              onClick={onCancel}
              disabled={confirm.isPending}
            >
              Cancel
            </button>
          </div>
        </form>
      </Step>
    </div>
  );
}

function Step({
  number,
  title,
  headingRef,
  children,
}: {
  number: number;
  title: string;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <div>
      <h3 ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="font-medium focus:outline-none">
        <span className="text-slate-600 dark:text-slate-400">{number}.</span> {title}
      </h3>
      <div className="mt-1">{children}</div>
    </div>
  );
}

/** The recovery codes, shown once: as a list, to copy, or to download as a text file. */
function RecoveryCodes({
  codes,
  heading,
  autoFocus = false,
}: {
  codes: string[];
  heading?: string;
  autoFocus?: boolean;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (autoFocus) headingRef.current?.focus();
  }, [autoFocus]);
  const text = codes.join("\n");
  const download = () =>
    downloadBlob(
      new Blob(
        [
          `Boxtrack recovery codes (${new Date().toISOString().slice(0, 10)})\n`,
          "Each signs you in once, in place of a code from your authenticator app.\n\n",
          `${text}\n`,
        ],
        { type: "text/plain;charset=utf-8" },
      ),
      "boxtrack-recovery-codes.txt",
    );
  return (
    <div>
      {heading ? (
        <h3 ref={headingRef} tabIndex={-1} className="font-medium focus:outline-none">
          {heading}
        </h3>
      ) : null}
      <p className="mt-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
        These codes are shown once, now. Each signs you in once if you lose your phone: copy or download them
        and keep them somewhere safe, such as a password manager.
      </p>
      <ul
        aria-label="Recovery codes"
        className="mt-3 grid max-w-md grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <CopyButton text={text} what="the recovery codes" className="px-2 py-1 text-xs" />
        <button
          type="button"
          aria-label="Download the recovery codes"
          className={buttonClass("secondary", "px-2 py-1 text-xs")}
          onClick={download}
        >
          Download
        </button>
      </div>
    </div>
  );
}
