package dev.cardroom.client

import dev.cardroom.v1.MatchState
import dev.cardroom.v1.MatchStatus
import java.io.File
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

// The README's Kotlin example, run against the live server: its text must stay this function.
suspend fun playToTheEnd(address: String): MatchState = connect(address, tls = false).use { client ->
    coroutineScope {
        val me = client.createMatch("up-or-down", 2, playerName = "ann")
        val bob = client.joinMatch(me.matchName, playerName = "bob") // another player, on another device
        for (seat in listOf(me, bob)) {
            // each seat plays its first legal action whenever it is its turn, watching from the
            // version it has seen (before the start)
            val updates = seat.watch()
            launch {
                updates.collect { update ->
                    val action = update.state.legalActionsList.firstOrNull() ?: return@collect
                    try {
                        seat.act(action)
                    } catch (stale: StaleVersion) {
                        // a newer update is coming: decide again on it
                    }
                }
            }
        }
        me.start()
        client.watch(me.matchName).first { it.state.match.status == MatchStatus.MATCH_STATUS_FINISHED }.state
    }
}

class ReadmeExampleTest {
    @Test
    fun `the README example plays a match`() = runBlocking {
        val address = System.getenv("CARDROOM_GRPC_ADDRESS") ?: error("run through tests/support/live_server.py")
        val final = withTimeout(120_000) { playToTheEnd(address) }
        assertTrue(final.result.winnersCount > 0)
    }

    @Test
    fun `both READMEs show the example`() {
        val source = File("src/test/kotlin/dev/cardroom/client/ReadmeExampleTest.kt").readText()
        // this SDK's README and the repository's ("Build a frontend")
        for (readme in listOf(File("README.md"), File("../../README.md"))) {
            val block = Regex("(?s)```kotlin\n(.*?)```").find(readme.readText())?.groupValues?.get(1)
                ?: error("no ```kotlin block in $readme")
            assertTrue(source.contains(block), "$readme's Kotlin example is not the code of playToTheEnd:\n$block")
        }
    }
}
