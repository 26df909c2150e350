-- CreateTable
CREATE TABLE "ListColumnChoice" (
    "userId" TEXT NOT NULL,
    "listName" "CustomFieldList" NOT NULL,
    "columns" TEXT[],
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ListColumnChoice_pkey" PRIMARY KEY ("userId","listName")
);

-- AddForeignKey
ALTER TABLE "ListColumnChoice" ADD CONSTRAINT "ListColumnChoice_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
