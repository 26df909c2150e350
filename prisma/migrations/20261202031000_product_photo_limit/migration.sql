-- A product holds at most 8 photos (MAX_PRODUCT_PHOTOS in app/schemas/product-options.ts; issue
-- 36, ADR 090), whatever writes them: each new photo locks its product's row, then counts, so
-- parallel uploads are counted one after another and the ninth is refused. The model does the
-- same first, for a clear message; this is the database's own word on it.
CREATE FUNCTION "ProductPhoto_limit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "Product" WHERE "id" = NEW."productId" FOR UPDATE;
  IF (SELECT count(*) FROM "ProductPhoto" WHERE "productId" = NEW."productId") >= 8 THEN
    RAISE EXCEPTION 'ProductPhoto_limit: a product holds at most 8 photos' USING ERRCODE = 'check_violation', CONSTRAINT = 'ProductPhoto_limit';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER "ProductPhoto_limit" BEFORE INSERT ON "ProductPhoto" FOR EACH ROW EXECUTE FUNCTION "ProductPhoto_limit"();
