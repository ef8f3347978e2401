// "Track a shipment": one tracking request from a number and its shipping line, with the API's validation
// errors beside the fields they are about. As the number is typed, infer_number fills in its type and line (or
// offers the lines it may be of), and the number is checked against the line's format before it is sent. On
// success the list opens with the new request pointed out. A role that may not track (one who followed a link
// here) is told why instead of the form.

import { keepPreviousData, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useId, useRef, useState } from "react";
import { REQUEST_TYPES, type RequestType } from "../../../api/tracking-requests";
import { NOT_ALLOWED_PANEL, NotAllowed } from "../../components/allowed";
import { buttonClass } from "../../components/button";
import {
  NewRequestFields,
  useNewRequestDefinitions,
  valuesToSet,
} from "../../components/custom-fields/new-request-fields";
import {
  describedBy,
  FieldErrors as FieldErrorList,
  FieldHint,
  FormErrorSummary,
  inputClass,
  labelClass,
} from "../../components/form-field";
import { PageHeader } from "../../components/page-header";
import { showToast } from "../../components/toaster";
import { usePermission } from "../../lib/actor";
import { ApiError, describeError } from "../../lib/api-client";
import type { Draft } from "../../lib/custom-field-drafts";
import { setTrackingRequestValues } from "../../lib/custom-fields";
import { parseRetryAfter } from "../../lib/retry-after";
import { shippingLinesQuery } from "../../lib/shipping-lines";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import type { TrackingRequestInput } from "./contract";
import { checkForm, errorsByField, type FieldErrors, type FormField, splitList } from "./form-errors";
import { supportsType } from "./line-match";
import { formatProblem, guessOf } from "./number-guess";
import { inferNumberQuery, useCreateTrackingRequestMutation } from "./queries";
import { AlreadyTrackedLink } from "./request-bits";
import { ShippingLineCombobox } from "./shipping-line-combobox";
import { REQUEST_TYPE_WORDS } from "./words";

const EXAMPLES: Record<RequestType, string> = {
  bill_of_lading: "e.g. MAEU123456789",
  booking_number: "e.g. 123456789",
  container: "e.g. MSCU1234566 (four letters, seven digits)",
};

/** "A Maersk", "An Evergreen": the line's name as the start of a sentence. */
const withArticle = (name: string) => `${/^[AEIOU]/i.test(name) ? "An" : "A"} ${name}`;

/** How long typing must pause before the number is looked up. */
const INFER_DELAY_MS = 300;
/** The lines offered when a number fits several: the likeliest few. */
const MAX_CANDIDATES = 6;

export function NewTrackingRequestPage() {
  const { data: lines } = useSuspenseQuery(shippingLinesQuery());
  const navigate = useNavigate();
  const mutation = useCreateTrackingRequestMutation();
  const may = usePermission("track");
  const [typeChosen, setTypeChosen] = useState<RequestType | null>(null);
  const [requestNumber, setRequestNumber] = useState("");
  const [scacChosen, setScacChosen] = useState<string | null>(null);
  const [refs, setRefs] = useState("");
  const [tags, setTags] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const customDefinitions = useNewRequestDefinitions();
  const [customDrafts, setCustomDrafts] = useState<Record<string, Draft>>({});
  const [customErrors, setCustomErrors] = useState<Record<string, string[]>>({});
  // The request is made; its custom fields are being set, and the form must not send it twice.
  const [settingFields, setSettingFields] = useState(false);

  const formId = useId();
  const ids = {
    request_type: `${formId}-type`,
    request_number: `${formId}-number`,
    scac: `${formId}-scac`,
    ref_numbers: `${formId}-refs`,
    shipment_tags: `${formId}-tags`,
  } satisfies Record<FormField, string>;
  const refsInput = useRef<HTMLInputElement>(null);
  const numberInput = useRef<HTMLInputElement>(null);
  const scacInput = useRef<HTMLInputElement>(null);
  const tagsInput = useRef<HTMLInputElement>(null);
  const firstType = useRef<HTMLInputElement>(null);
  const formError = useRef<HTMLDivElement>(null);

  // What the number looks like, once typing pauses; the last answer stays while the next one is on its way.
  const settledNumber = useDebouncedValue(requestNumber, INFER_DELAY_MS);
  const inferred = useQuery({ ...inferNumberQuery(settledNumber), placeholderData: keepPreviousData });
  const guess = inferred.data && requestNumber.trim() !== "" ? guessOf(inferred.data) : null;
  // What the person chose by hand stands; until then the type and line follow the number.
  const requestType = typeChosen ?? guess?.requestType ?? "bill_of_lading";
  const scac = scacChosen ?? guess?.scac ?? "";
  const setRequestType = (type: RequestType) => setTypeChosen(type);
  const setScac = (next: string) => setScacChosen(next);
  const candidates = scacChosen === null ? (guess?.candidates.slice(0, MAX_CANDIDATES) ?? []) : [];
  const formatIssue =
    scac === "" ? (guess?.problem ?? null) : formatProblem(lines, scac, requestType, requestNumber);

  const numberLabel = REQUEST_TYPE_WORDS[requestType].number;
  const chosen = lines.find((line) => line.attributes.scac === scac);
  const unsupported = chosen && !supportsType(chosen, requestType);

  /** Moves the focus to the first field with an error, in the order of the form. */
  const focusFirstError = (found: FieldErrors) => {
    const order: [keyof FieldErrors, { current: HTMLElement | null }][] = [
      ["form", formError],
      ["request_type", firstType],
      ["request_number", numberInput],
      ["scac", scacInput],
      ["ref_numbers", refsInput],
      ["shipment_tags", tagsInput],
    ];
    // Let React show the messages first, so that they are read with the field.
    requestAnimationFrame(() => order.find(([field]) => found[field]?.length)?.[1].current?.focus());
  };

  const clearError = (field: FormField) => {
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || settingFields) return;
    const local = checkForm({ requestNumber, scac }, numberLabel);
    // A number the line's format refuses would only fail at the line: say so now, beside the number.
    const problem = formatProblem(lines, scac, requestType, requestNumber);
    if (problem && !local.request_number) local.request_number = [problem];
    const custom = valuesToSet(customDefinitions, customDrafts);
    setCustomErrors(custom.ok ? {} : custom.errors);
    if (Object.keys(local).length > 0) {
      setErrors(local);
      focusFirstError(local);
      return;
    }
    if (!custom.ok) {
      const first = Object.keys(custom.errors)[0];
      requestAnimationFrame(() => document.getElementById(`${formId}-cf-${first}`)?.focus());
      return;
    }
    const input: TrackingRequestInput = {
      request_type: requestType,
      request_number: requestNumber.replace(/\s+/g, "").toUpperCase(),
      scac,
    };
    const refNumbers = splitList(refs);
    const shipmentTags = splitList(tags);
    if (refNumbers.length > 0) input.ref_numbers = refNumbers;
    if (shipmentTags.length > 0) input.shipment_tags = shipmentTags;
    setErrors({});
    mutation.mutate(input, {
      onSuccess: async (request) => {
        // Its custom fields once it exists; the request stands whatever becomes of them.
        setSettingFields(true);
        const failed = await setTrackingRequestValues(request.id, custom.values);
        setSettingFields(false);
        showToast({
          kind: failed.length > 0 ? "error" : "success",
          title: "Tracking request made",
          message: `${request.attributes.request_number} is pending while we look it up with the shipping line.${failed.length > 0 ? ` These custom fields were not set: ${failed.join(" ")}` : ""}`,
        });
        void navigate({
          to: "/tracking-requests",
          search: {},
          state: { createdTrackingRequestId: request.id },
        });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 422) {
          const found = errorsByField(error.errors, { ref_numbers: refNumbers, shipment_tags: shipmentTags });
          if (Object.keys(found).length === 0) found.form = [error.message];
          setErrors(found);
          focusFirstError(found);
        } else if (error instanceof ApiError && error.status === 429) {
          const wait = parseRetryAfter(error.retryAfter);
          const found = {
            form: [
              `Too many tracking requests were made in the last minute. ${wait ? `Try again in ${wait} seconds.` : "Try again in a minute."}`,
            ],
          };
          setErrors(found);
          focusFirstError(found);
        } else {
          const found = { form: [describeError(error)] };
          setErrors(found);
          focusFirstError(found);
        }
      },
    });
  };

  const breadcrumb = (
    <nav aria-label="Breadcrumb" className="mb-3 text-sm">
      <Link to="/tracking-requests" className="text-sky-800 hover:underline dark:text-sky-300">
        ← Tracking requests
      </Link>
    </nav>
  );
  const title = "Track a shipment";
  const description =
    "Give a bill of lading, booking or container number and its shipping line. We look it up and start tracking the shipment.";
  if (!may.ok) {
    return (
      <>
        {breadcrumb}
        <PageHeader title={title} description={description} />
        <NotAllowed may={may} what="Tracking new shipments" className={NOT_ALLOWED_PANEL} />
      </>
    );
  }

  return (
    <>
      {breadcrumb}
      <PageHeader
        title={title}
        description={description}
        actions={
          <Link to="/tracking-requests/bulk" className={buttonClass("secondary")}>
            Track many at once
          </Link>
        }
      />
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label="New tracking request"
        className="max-w-2xl space-y-6 rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <FormErrorSummary
          title="The tracking request was not made"
          errors={errors.form}
          focusRef={formError}
        />

        <fieldset aria-describedby={describedBy(ids.request_type, false, errors.request_type)}>
          <legend className={labelClass}>What number do you have?</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {REQUEST_TYPES.map((type, index) => (
              <label
                key={type}
                className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm has-checked:border-sky-600 has-checked:bg-sky-50 dark:border-slate-600 dark:has-checked:border-sky-400 dark:has-checked:bg-sky-950/60"
              >
                <input
                  ref={index === 0 ? firstType : undefined}
                  type="radio"
                  name="request_type"
                  value={type}
                  checked={requestType === type}
                  onChange={() => {
                    setRequestType(type);
                    clearError("request_type");
                  }}
                  className="accent-sky-700"
                />
                {REQUEST_TYPE_WORDS[type].label}
              </label>
            ))}
          </div>
          <FieldErrorList id={ids.request_type} errors={errors.request_type} />
        </fieldset>

        <div>
          <label htmlFor={ids.request_number} className={labelClass}>
            {numberLabel}
          </label>
          <input
            ref={numberInput}
            id={ids.request_number}
            value={requestNumber}
            onChange={(event) => {
              setRequestNumber(event.target.value);
              clearError("request_number");
            }}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errors.request_number ? true : undefined}
            aria-describedby={[
              describedBy(ids.request_number, true, errors.request_number),
              formatIssue && !errors.request_number ? `${ids.request_number}-format` : "",
            ]
              .filter(Boolean)
              .join(" ")}
            className={`${inputClass} mt-1 max-w-sm font-mono uppercase placeholder:normal-case`}
            placeholder={EXAMPLES[requestType]}
          />
          <FieldHint id={ids.request_number}>
            As printed on the {requestType === "container" ? "container or its papers" : "document"}; spaces
            are ignored.
          </FieldHint>
          <FieldErrorList id={ids.request_number} errors={errors.request_number} />
          <p id={`${ids.request_number}-format`} aria-live="polite" className="mt-1.5 text-sm">
            {guess?.tracked ? (
              <span className="text-slate-800 dark:text-slate-200">
                This account already tracks this number.{" "}
                <AlreadyTrackedLink
                  tracked={guess.tracked}
                  className="font-medium text-sky-800 underline dark:text-sky-300"
                />
              </span>
            ) : formatIssue && !errors.request_number ? (
              <span className="text-amber-900 dark:text-amber-200">{formatIssue}</span>
            ) : guess?.scac && !formatIssue && scacChosen === null ? (
              <span className="text-slate-700 dark:text-slate-300">
                {withArticle(chosen ? chosen.attributes.name : guess.scac)}{" "}
                {REQUEST_TYPE_WORDS[requestType].label.toLowerCase()}, by its number: filled in below.
              </span>
            ) : null}
          </p>
        </div>

        <div>
          <ShippingLineCombobox
            id={ids.scac}
            label="Shipping line"
            lines={lines}
            value={scac}
            requestType={requestType}
            onChange={(next) => {
              setScac(next);
              clearError("scac");
            }}
            // From the first key pressed in the box (a letter, or an arrow that opens the list) the line is the
            // person's to choose: the guess no longer moves it.
            onTyping={() => setScacChosen((chosen) => chosen ?? scac)}
            invalid={Boolean(errors.scac)}
            describedBy={describedBy(ids.scac, true, errors.scac)}
            inputRef={scacInput}
            className="max-w-sm"
          />
          <FieldHint id={ids.scac}>Search by name or by SCAC, the line's four-letter code.</FieldHint>
          {candidates.length > 0 ? (
            <div className="mt-2 text-sm text-slate-700 dark:text-slate-300">
              <p id={`${ids.scac}-candidates`}>This number fits several shipping lines. Which is it?</p>
              <ul aria-labelledby={`${ids.scac}-candidates`} className="mt-1.5 flex flex-wrap gap-2">
                {candidates.map((candidate) => (
                  <li key={candidate.scac}>
                    <button
                      type="button"
                      className={buttonClass("secondary", "px-2.5 py-1")}
                      onClick={() => {
                        setScac(candidate.scac);
                        clearError("scac");
                      }}
                    >
                      {candidate.name} ({candidate.scac})
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {unsupported ? (
            <p className="mt-1.5 text-sm text-amber-800 dark:text-amber-300">
              {chosen.attributes.name} cannot be tracked by {numberLabel.toLowerCase()}.
            </p>
          ) : null}
          <FieldErrorList id={ids.scac} errors={errors.scac} />
        </div>

        <div className="grid gap-6 sm:grid-cols-2">
          <div>
            <label htmlFor={ids.ref_numbers} className={labelClass}>
              Reference numbers{" "}
              <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
            </label>
            <input
              ref={refsInput}
              id={ids.ref_numbers}
              value={refs}
              onChange={(event) => {
                setRefs(event.target.value);
                clearError("ref_numbers");
              }}
              autoComplete="off"
              aria-invalid={errors.ref_numbers ? true : undefined}
              aria-describedby={describedBy(ids.ref_numbers, true, errors.ref_numbers)}
              className={`${inputClass} mt-1`}
              placeholder="e.g. PO-1042, SO-77"
            />
            <FieldHint id={ids.ref_numbers}>
              Your own numbers, such as a PO. Separate several with commas.
            </FieldHint>
            <FieldErrorList id={ids.ref_numbers} errors={errors.ref_numbers} />
          </div>
          <div>
            <label htmlFor={ids.shipment_tags} className={labelClass}>
              Tags <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
            </label>
            <input
              ref={tagsInput}
              id={ids.shipment_tags}
              value={tags}
              onChange={(event) => {
                setTags(event.target.value);
                clearError("shipment_tags");
              }}
              autoComplete="off"
              aria-invalid={errors.shipment_tags ? true : undefined}
              aria-describedby={describedBy(ids.shipment_tags, true, errors.shipment_tags)}
              className={`${inputClass} mt-1`}
              placeholder="e.g. urgent, customer-a"
            />
            <FieldHint id={ids.shipment_tags}>
              Given to the shipment once it is found. Separate with commas.
            </FieldHint>
            <FieldErrorList id={ids.shipment_tags} errors={errors.shipment_tags} />
          </div>
        </div>

        <NewRequestFields
          idPrefix={formId}
          definitions={customDefinitions}
          drafts={customDrafts}
          onChange={(slug, draft) => {
            setCustomDrafts((drafts) => ({ ...drafts, [slug]: draft }));
            setCustomErrors(({ [slug]: _, ...rest }) => rest);
          }}
          errors={customErrors}
        />

        <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5 dark:border-slate-800">
          <button
            type="submit"
            className={buttonClass("primary", "px-4 py-2")}
            disabled={mutation.isPending || settingFields}
          >
            {mutation.isPending || settingFields ? "Sending…" : "Track shipment"}
          </button>
          <Link to="/tracking-requests" className={buttonClass("ghost")}>
            Cancel
          </Link>
        </div>
      </form>
    </>
  );
}
