import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes'

export default [
  index('routes/index.tsx'),

  ...prefix('auth', [
    layout('routes/auth/layout.tsx', [
      route('login', 'routes/auth/login.tsx', { id: 'auth-login' }),
      route('login-unprotected', 'routes/auth/login.tsx', { id: 'auth-login-unprotected' }),
      route('register', 'routes/auth/register.tsx', { id: 'auth-register' }),
      route('register-unprotected', 'routes/auth/register.tsx', { id: 'auth-register-unprotected' }),
      route('verify', 'routes/auth/verify.tsx'),
      route('reset-password', 'routes/auth/reset-password.tsx'),
      route('new-password', 'routes/auth/new-password.tsx'),
    ]),
    route('logout', 'routes/auth/logout.tsx'),
  ]),

  route('resources/language', 'routes/resources/language.tsx'),
  route('resources/settings', 'routes/resources/settings.tsx'),
  route('resources/avatar/:userId', 'routes/resources/avatar.tsx'),

  route('403', 'routes/status-page.tsx', { id: 'status-403' }),
  route('404', 'routes/status-page.tsx', { id: 'status-404' }),
  route('500', 'routes/status-page.tsx', { id: 'status-500' }),

  route('dashboard', 'routes/dashboard/layout.tsx', [
    index('routes/dashboard/index.tsx'),
    route('app', 'routes/dashboard/app.tsx'),
    route('permission-denied', 'routes/dashboard/permission-denied.tsx'),
    ...prefix('trucks', [
      index('routes/dashboard/trucks/index.tsx'),
      route('list', 'routes/dashboard/trucks/list.tsx'),
      route('new', 'routes/dashboard/trucks/editor.tsx', { id: 'trucks-new' }),
      route(':id', 'routes/dashboard/trucks/view.tsx'),
      route(':id/edit', 'routes/dashboard/trucks/editor.tsx', { id: 'trucks-edit' }),
      route(':id/delete', 'routes/dashboard/trucks/delete.tsx'),
    ]),
    ...prefix('trailers', [
      index('routes/dashboard/trailers/index.tsx'),
      route('list', 'routes/dashboard/trailers/list.tsx'),
      route('new', 'routes/dashboard/trailers/editor.tsx', { id: 'trailers-new' }),
      route(':id', 'routes/dashboard/trailers/view.tsx'),
      route(':id/edit', 'routes/dashboard/trailers/editor.tsx', { id: 'trailers-edit' }),
      route(':id/delete', 'routes/dashboard/trailers/delete.tsx'),
    ]),
    ...prefix('user', [
      index('routes/dashboard/users/index.tsx'),
      route('list', 'routes/dashboard/users/list.tsx'),
      route('cards', 'routes/dashboard/users/cards.tsx'),
      route('new', 'routes/dashboard/users/editor.tsx', { id: 'users-new' }),
      route('profile', 'routes/dashboard/users/profile.tsx'),
      route('account', 'routes/dashboard/users/account.tsx'),
      route(':id/edit', 'routes/dashboard/users/editor.tsx', { id: 'users-edit' }),
    ]),
    route('*', 'routes/dashboard/not-found.tsx', { id: 'dashboard-not-found' }),
  ]),

  ...prefix('api', [
    route('account/register', 'routes/api/account/register.ts'),
    route('account/login', 'routes/api/account/login.ts'),
    route('account/logout', 'routes/api/account/logout.ts'),
    route('account/my-account', 'routes/api/account/my-account.ts'),
    route('trucks', 'routes/api/trucks/collection.ts'),
    route('trucks/:id', 'routes/api/trucks/item.ts'),
    route('trailers', 'routes/api/trailers/collection.ts'),
    route('trailers/:id', 'routes/api/trailers/item.ts'),
    route('users', 'routes/api/users/collection.ts'),
    route('user', 'routes/api/users/collection.ts', { id: 'api-user-create' }),
    route('user/:id', 'routes/api/users/item.ts'),
    route('*', 'routes/api/not-found.ts'),
  ]),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
