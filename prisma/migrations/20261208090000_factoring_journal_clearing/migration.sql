-- Xero's factoring journals post every bank line (the advance, the factor's clearing account, a
-- reserve release) to one clearing account (ADR 152); new settings name it for that. Saved
-- settings keep the name they hold.
ALTER TABLE "AccountingSettings" ALTER COLUMN "reserveClearingAccount" SET DEFAULT 'Factoring Journal Clearing';
