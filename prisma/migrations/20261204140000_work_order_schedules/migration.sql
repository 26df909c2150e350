-- CreateTable
CREATE TABLE "WorkOrderSchedule" (
    "workOrderId" TEXT NOT NULL,
    "scheduleId" TEXT NOT NULL,

    CONSTRAINT "WorkOrderSchedule_pkey" PRIMARY KEY ("workOrderId","scheduleId")
);

-- CreateIndex
CREATE INDEX "WorkOrderSchedule_scheduleId_idx" ON "WorkOrderSchedule"("scheduleId");

-- AddForeignKey
ALTER TABLE "WorkOrderSchedule" ADD CONSTRAINT "WorkOrderSchedule_workOrderId_fkey" FOREIGN KEY ("workOrderId") REFERENCES "WorkOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkOrderSchedule" ADD CONSTRAINT "WorkOrderSchedule_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "MaintenanceSchedule"("id") ON DELETE CASCADE ON UPDATE CASCADE;
