-- The service clock's epoch: one row that every process reads at start, so that a sped-up demo clock (CLOCK_SPEED)
-- reads the same in each process on the database and goes on from where it was after a restart, never back.
CREATE TABLE "service_clock" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"clock_at" timestamp with time zone NOT NULL,
	"real_at" timestamp with time zone NOT NULL,
	"speed" double precision NOT NULL
);
