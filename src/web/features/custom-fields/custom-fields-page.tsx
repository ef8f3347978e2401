// Settings → Custom fields: the account's own fields of shipments, containers and tracking requests, listed per kind
// of record; members and above define, rename, give options to and delete them, and everyone reads them.
import { useSuspenseQuery } from "@tanstack/react-query";
import { CUSTOM_FIELD_ENTITY_TYPES, type CustomFieldEntityType } from "../../../api/custom-field-values";
import { NotAllowed } from "../../components/allowed";
import { PageHeader } from "../../components/page-header";
import { usePermission } from "../../lib/actor";
import { definitionsQuery } from "../../lib/custom-fields";
import { FieldItem } from "./field-item";
import { ENTITY_WORDS, NewFieldForm } from "./new-field-form";

const card = "rounded-lg border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900";

export function CustomFieldsPage() {
  const may = usePermission("track");
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader
        title="Custom fields"
        description="Your own fields on shipments, containers and tracking requests: shown and edited on their pages, and read by programs through the API by their slug."
      />
      <NotAllowed may={may} what="Defining and changing custom fields" className="" />
      {may.ok ? <NewFieldForm card={card} /> : null}
      {CUSTOM_FIELD_ENTITY_TYPES.map((entityType) => (
        <FieldsOf key={entityType} entityType={entityType} editable={may.ok} />
      ))}
    </div>
  );
}

function FieldsOf({ entityType, editable }: { entityType: CustomFieldEntityType; editable: boolean }) {
  const { data } = useSuspenseQuery(definitionsQuery(entityType));
  const headingId = `fields-${entityType}`;
  return (
    <section aria-labelledby={headingId} className={card}>
      <h2 id={headingId} className="text-base font-semibold">
        {ENTITY_WORDS[entityType]}{" "}
        <span className="font-normal text-(--muted-text)">({data.data.length})</span>
      </h2>
      {data.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No fields yet.</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100 dark:divide-slate-800">
          {data.data.map((d) => (
            <FieldItem key={d.id} definition={d} editable={editable} />
          ))}
        </ul>
      )}
    </section>
  );
}
