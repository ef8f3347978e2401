// A row's main link (the shipment's number, the webhook's address): the element the keyboard lands on in each
// row, with a focus ring that stands out, optionally stretched over the whole row so a click anywhere opens it.
import { createLink } from "@tanstack/react-router";
import type { AnchorHTMLAttributes, Ref } from "react";

export const rowLinkClass = "rounded-sm font-medium text-sky-800 hover:underline dark:text-sky-300";

/** Over the row (which DataTable makes `relative`); links and buttons elsewhere in the row need `relative z-10`. */
const stretchedClass = "after:absolute after:inset-0 after:content-['']";

function RowAnchor({
  className,
  stretched,
  ref,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { stretched?: boolean; ref?: Ref<HTMLAnchorElement> }) {
  return (
    <a
      ref={ref}
      {...props}
      data-row-focus=""
      className={`${rowLinkClass} ${stretched ? stretchedClass : ""} ${className ?? ""}`}
    />
  );
}

/** A router link for a row's main cell; `stretched` makes the whole row open it. */
export const RowLink = createLink(RowAnchor);
