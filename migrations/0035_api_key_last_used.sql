-- A program API key's last use is written by its request log (decision 0037): the row each /api/v1 call
-- leaves in api_request_log (after the answer: in waitUntil on Workers, batched with the calls that end
-- together) moves the key's last_used_at, at most once a minute per key, in the same statement. The
-- request itself no longer writes it, so an API call makes no statement for its key's bookkeeping.
CREATE TRIGGER `api_request_log_key_last_used` AFTER INSERT ON `api_request_log`
BEGIN
  UPDATE `api_keys` SET `last_used_at` = NEW.`created_at`
  WHERE `id` = NEW.`key_id` AND (`last_used_at` IS NULL OR `last_used_at` <= NEW.`created_at` - 60000);
END;
