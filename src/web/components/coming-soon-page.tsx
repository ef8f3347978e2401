// A placeholder page for parts of the dashboard that later work builds.
import { PageHeader } from "./page-header";

export function ComingSoonPage({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} />
      <div className="rounded-lg border border-dashed border-slate-300 px-6 py-14 text-center dark:border-slate-600">
        <p className="text-lg font-medium text-slate-900 dark:text-slate-100">Coming soon</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>
      </div>
    </>
  );
}
