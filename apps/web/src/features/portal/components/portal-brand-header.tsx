import type { StudioBranding } from '@reformer/domain/studio-pages';

/** The studio's logo and name atop the portal; an empty place of the same row until the branding has loaded. */
export function PortalBrandHeader({ branding }: { branding: StudioBranding | undefined }) {
  if (!branding) return <div />;
  return (
    <div className="flex min-w-0 items-center gap-3">
      {branding.logoUrl && (
        <img
          src={branding.logoUrl}
          alt=""
          width={40}
          height={40}
          className="h-10 w-10 rounded object-contain"
        />
      )}
      <p className="truncate text-lg font-semibold">{branding.displayName}</p>
    </div>
  );
}
