import { env } from '@/env.ts';

export function Brand() {
  return (
    <span className="flex items-center gap-2 text-lg font-bold">
      <img src="/favicon.svg" alt="" className="h-7 w-7" />
      {env.appName}
    </span>
  );
}
