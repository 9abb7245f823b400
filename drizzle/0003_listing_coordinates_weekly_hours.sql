ALTER TABLE "businesses" ADD COLUMN "latitud" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "longitud" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "horario_semanal" jsonb;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "latitud" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "longitud" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "horario_semanal" jsonb;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_coordenadas_check" CHECK (("businesses"."latitud" is null) = ("businesses"."longitud" is null) and ("businesses"."latitud" is null or ("businesses"."latitud" between 7.0 and 9.8 and "businesses"."longitud" between -83.1 and -77.1)));--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_coordenadas_check" CHECK (("restaurants"."latitud" is null) = ("restaurants"."longitud" is null) and ("restaurants"."latitud" is null or ("restaurants"."latitud" between 7.0 and 9.8 and "restaurants"."longitud" between -83.1 and -77.1)));