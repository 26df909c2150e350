import { cn } from '~/utils/cn'

/** A user's picture, or their initials on a coloured disc when they have none. */
export function Avatar({
  user,
  size = 40,
  className,
}: {
  user: { firstName: string; lastName: string; avatarUrl: string | null }
  size?: number
  className?: string
}) {
  const initials = `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase()
  if (user.avatarUrl) {
    return (
      <img
        src={user.avatarUrl}
        alt=""
        width={size}
        height={size}
        className={cn('shrink-0 rounded-full object-cover', className)}
        style={{ width: size, height: size }}
      />
    )
  }
  return (
    <span
      aria-hidden="true"
      className={cn('grid shrink-0 place-items-center rounded-full bg-primary-lighter font-bold text-primary-darker', className)}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.38) }}
    >
      {initials}
    </span>
  )
}
