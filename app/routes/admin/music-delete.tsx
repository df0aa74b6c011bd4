export default function AdminPage() {
  return <h1>music-delete</h1>;
}
