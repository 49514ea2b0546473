import '@mantine/core/styles.css';
import { MantineProvider, Center, Title } from '@mantine/core';

export function App() {
  return (
    <MantineProvider>
      <Center h="100vh">
        <Title>Coverwatch</Title>
      </Center>
    </MantineProvider>
  );
}
