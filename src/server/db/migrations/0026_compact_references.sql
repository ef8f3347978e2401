-- A shipment is found by its reference numbers typed without their spaces and dashes too (`q=po4471` finds
-- PO-4471, issue 31 item 6), as a tracking request already is (0003's tracking_request_search_text): the search
-- text gains each reference upper-cased with blanks and dashes left out, and the shipments are written again.
CREATE OR REPLACE FUNCTION shipment_search_text(s shipments) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws(E'\n', s.bill_of_lading_number, s.normalized_number, array_to_string(s.ref_numbers, E'\n'),
    upper(regexp_replace(array_to_string(s.ref_numbers, E'\n'), '[[:blank:]-]+', '', 'g')),
    array_to_string(s.tags, E'\n'), s.customer_name)
$$;--> statement-breakpoint
UPDATE shipments s SET search_text = shipment_search_text(s) WHERE search_text IS DISTINCT FROM shipment_search_text(s);
