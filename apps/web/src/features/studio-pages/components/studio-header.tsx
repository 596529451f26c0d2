import type { StudioBranding } from '@reformer/domain/studio-pages';

/** The studio's logo and name; the name alone reads when the logo does not load. */
export function StudioHeader({
  branding,
  as: Heading = 'h1',
}: {
  branding: StudioBranding;
  as?: 'h1' | 'p';
}) {
  return (
    <div className="flex items-center gap-3">
      {branding.logoUrl && (
        <img
          src={branding.logoUrl}
          alt=""
          width={48}
          height={48}
          className="h-12 w-12 rounded object-contain"
        />
      )}
      <Heading className="text-2xl font-semibold">{branding.displayName}</Heading>
    </div>
  );
}
