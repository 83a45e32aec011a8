-- placeholder: filled by its change (docs/decisions).
SELECT 1;
