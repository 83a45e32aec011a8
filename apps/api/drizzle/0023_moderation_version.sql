-- Small ads: the version staff review (docs/decisions/small-ads.md "Moderation names the version").
-- Starts at 1, incremented by every customer update of the ad's content; moderation actions send
-- the version they reviewed and are refused (409 ad_changed) when it moved on.
ALTER TABLE "classified_ads" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;
