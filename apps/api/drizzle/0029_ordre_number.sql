-- Number of the veterinarian at the Order of Veterinarians (docs/decisions/staff-customers.md): given
-- in the application, kept on the practice at approval, shown to staff with the other numbers.
ALTER TABLE customers ADD COLUMN IF NOT EXISTS ordre_number text;
