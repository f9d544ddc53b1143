import { Navigate } from 'react-router';
import { useCurrentUser } from '@/features/auth/api';
import { homeFor } from './guards';

/** `/`: tracker to its own tasks, everyone else to /atendimentos. */
export default function HomeRedirect() {
  const { user } = useCurrentUser();
  return user ? <Navigate to={homeFor(user.role)} replace /> : null;
}
